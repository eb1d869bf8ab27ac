import { Op } from 'sequelize';
import {
  adminAdminQuerySchema,
  adminAdminUpdateSchema,
  adminRegisterSchema,
  adminUserQuerySchema,
  adminUserUpdateSchema,
  idParamsSchema,
} from '@tsudoi/common';
import { mutation } from '../../../http/answers';
import { AppError } from '../../../http/app-error';
import { route } from '../../../http/route';
import { accountOf } from '../../auth/guards';
import { type AdminQueries, toAccountRow } from '../admin-queries';
import { streamCsv } from '../csv';
import { dashboard } from '../dashboard';
import { byIdIn, header, line, stamp, t, type AdminRouteKit, type Column } from './shared';

/** The dashboard, users (list, detail, edit, CSV) and platform admins (calls spec §7.12). */
export function peopleRoutes({ router, get, models, guards, queries, actions, files, clock }: AdminRouteKit): void {
  get(
    '/admin/dashboard',
    route({}, async () => ({ data: await dashboard(models, files, clock) })),
  );

  // ---- users
  const userColumns: Column<Awaited<ReturnType<AdminQueries['userRows']>>[number]>[] = [
    ['adminConsole.col.id', (r) => r.id],
    ['adminConsole.col.name', (r) => r.name],
    ['adminConsole.col.email', (r) => r.email],
    ['adminConsole.col.company', (r) => r.companyName],
    ['adminConsole.col.role', (r) => r.employeeRole],
    ['adminConsole.col.verifiedAt', (r) => r.verifiedAt],
    ['adminConsole.col.createdAt', (r) => r.createdAt],
    ['adminConsole.col.deletedAt', (r) => r.deletedAt],
  ];
  get(
    '/admin/users/export',
    route({ query: adminUserQuerySchema }, async ({ query }, req, res) => {
      const { where, paranoid } = queries.userWhere(query);
      await streamCsv(
        res,
        `users-${stamp(clock)}.csv`,
        header(req.locale, userColumns),
        async (afterId, limit) =>
          queries.userRows(
            await models.User.findAll({
              where: { [Op.and]: [where, byIdIn(afterId)] },
              paranoid,
              order: [['id', 'ASC']],
              limit,
            }),
          ),
        line(userColumns),
        t(req.locale, 'adminConsole.col.timeZone'),
      );
    }),
  );
  get(
    '/admin/users',
    route({ query: adminUserQuerySchema }, ({ query }) => queries.users(query)),
  );
  get(
    '/admin/users/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const user = await models.User.findOne({ where: { id: params.id, type: 'user' }, paranoid: false });
      if (!user) throw new AppError('NOT_FOUND');
      const [row] = await queries.userRows([user]);
      const hosted = await models.Floor.findAll({ where: { hostId: user.id }, order: [['id', 'DESC']], limit: 50 });
      return { data: { ...row!, floors: await queries.floorRows(hosted) } };
    }),
  );
  router.patch(
    '/admin/users/:id',
    guards.admin,
    route({ params: idParamsSchema, body: adminUserUpdateSchema }, async ({ params, body }, req) => {
      const user = await actions.updateUser(accountOf(req), params.id, body);
      return mutation((await queries.userRows([user]))[0], t(req.locale, 'adminConsole.saved'));
    }),
  );

  // ---- platform admins
  get(
    '/admin/admins',
    route({ query: adminAdminQuerySchema }, ({ query }) => queries.admins(query)),
  );
  get(
    '/admin/admins/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const admin = await models.User.findOne({ where: { id: params.id, type: 'admin' } });
      if (!admin) throw new AppError('NOT_FOUND');
      return { data: toAccountRow(admin) };
    }),
  );
  router.post(
    '/admin/admins',
    guards.admin,
    route({ body: adminRegisterSchema }, async ({ body }, req, res) => {
      const created = await actions.registerAdmin(accountOf(req), body);
      res.status(201);
      return mutation(toAccountRow(created), t(req.locale, 'adminConsole.admins.registered'));
    }),
  );
  router.patch(
    '/admin/admins/:id',
    guards.admin,
    route({ params: idParamsSchema, body: adminAdminUpdateSchema }, async ({ params, body }, req) =>
      mutation(
        toAccountRow(await actions.updateAdmin(accountOf(req), params.id, body)),
        t(req.locale, 'adminConsole.saved'),
      ),
    ),
  );
  router.delete(
    '/admin/admins/:id',
    guards.admin,
    route({ params: idParamsSchema }, async ({ params }, req) =>
      mutation(
        toAccountRow(await actions.deleteAdmin(accountOf(req), params.id)),
        t(req.locale, 'adminConsole.deleted'),
      ),
    ),
  );
}
