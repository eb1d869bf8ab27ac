import { Op, type WhereOptions } from 'sequelize';
import {
  adminInquiryQuerySchema,
  adminInquiryUpdateSchema,
  formatMessage,
  idParamsSchema,
  type AdminInquiryRow,
} from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import { mutation, paged, pageWindow } from '../../../http/answers';
import { route } from '../../../http/route';
import { accountOf } from '../../auth/guards';
import type { ContactInquiry } from '../../billing/billing.models';
import { snapshot } from '../audit';
import type { AdminRouteKit } from './shared';

/**
 * The contact form's inquiries in the admin console (issue 25 §15): the list
 * (newest first, by status, searched by name, company, e-mail or text), one
 * inquiry, and its status as the operators work it through. Changing the
 * status is audited.
 */
export function inquiryRoutes({ router, get, guards, models, audit }: AdminRouteKit): void {
  const rows = async (list: ContactInquiry[]): Promise<AdminInquiryRow[]> => {
    const ids = [...new Set(list.map((r) => r.handledBy).filter((id): id is number => id !== null))];
    const admins = ids.length ? await models.User.findAll({ where: { id: ids }, attributes: ['id', 'email'] }) : [];
    const email = new Map(admins.map((a) => [a.id, a.email]));
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
    return list.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      name: r.name,
      company: r.company,
      email: r.email,
      phone: r.phone,
      inquiry: r.inquiry,
      locale: r.locale,
      status: r.status,
      handledBy: r.handledBy !== null ? (email.get(r.handledBy) ?? null) : null,
      handledAt: iso(r.handledAt),
      mailedAt: iso(r.mailedAt),
      acknowledgedAt: iso(r.acknowledgedAt),
    }));
  };

  get(
    '/admin/inquiries',
    route({ query: adminInquiryQuerySchema }, async ({ query }) => {
      const conditions: WhereOptions[] = [];
      if (query.status) conditions.push({ status: query.status });
      if (query.q)
        conditions.push({
          [Op.or]: ['name', 'company', 'email', 'inquiry'].map((column) => ({ [column]: { [Op.substring]: query.q } })),
        });
      const { rows: found, count } = await models.ContactInquiry.findAndCountAll({
        where: { [Op.and]: conditions },
        order: [
          [query.sort, query.order.toUpperCase()],
          ['id', query.order.toUpperCase()],
        ],
        ...pageWindow(query),
      });
      return paged(await rows(found), count, query);
    }),
  );
  get(
    '/admin/inquiries/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const row = await models.ContactInquiry.findByPk(params.id);
      if (!row) throw new AppError('NOT_FOUND');
      return { data: (await rows([row]))[0]! };
    }),
  );
  router.patch(
    '/admin/inquiries/:id',
    guards.admin,
    route({ params: idParamsSchema, body: adminInquiryUpdateSchema }, async ({ params, body }, req) => {
      const admin = accountOf(req);
      const row = await models.ContactInquiry.findByPk(params.id);
      if (!row) throw new AppError('NOT_FOUND');
      const before = snapshot(row);
      await row.update({ status: body.status, handledBy: admin.id, handledAt: new Date() });
      await audit.record({
        admin,
        action: 'inquiry.update',
        targetType: 'inquiry',
        targetId: row.id,
        before: { status: before?.status },
        after: { status: row.status },
      });
      return mutation((await rows([row]))[0]!, formatMessage(req.locale, 'adminConsole.inquiries.updated'));
    }),
  );
}
