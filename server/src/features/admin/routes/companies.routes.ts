import { Op } from 'sequelize';
import {
  adminCompanyQuerySchema,
  adminCompanyUpdateSchema,
  adminFloorQuerySchema,
  adminFloorUpdateSchema,
  idParamsSchema,
} from '@tsudoi/common';
import { mutation } from '../../../http/answers';
import { AppError } from '../../../http/app-error';
import { route } from '../../../http/route';
import { accountOf } from '../../auth/guards';
import type { AdminQueries } from '../admin-queries';
import { streamCsv } from '../csv';
import { byIdIn, header, line, stamp, t, type AdminRouteKit, type Column } from './shared';

/** Companies and floors: lists, detail, edit, delete and CSV (calls spec §7.12). */
export function companyRoutes({ router, get, models, guards, queries, actions, files, clock }: AdminRouteKit): void {
  // ---- companies
  const companyColumns: Column<Awaited<ReturnType<AdminQueries['companyRows']>>[number]>[] = [
    ['adminConsole.col.id', (r) => r.id],
    ['adminConsole.col.name', (r) => r.name],
    ['adminConsole.col.plan', (r) => r.plan],
    ['adminConsole.col.members', (r) => r.members],
    ['adminConsole.col.maxEmployee', (r) => r.maxEmployee],
    ['adminConsole.col.owner', (r) => r.ownerName],
    ['adminConsole.col.createdAt', (r) => r.createdAt],
  ];
  get(
    '/admin/company/export',
    route({ query: adminCompanyQuerySchema }, async ({ query }, req, res) => {
      const where = queries.companyWhere(query);
      await streamCsv(
        res,
        `companies-${stamp(clock)}.csv`,
        header(req.locale, companyColumns),
        async (afterId, limit) =>
          queries.companyRows(
            await models.Company.findAll({
              where: { [Op.and]: [where, byIdIn(afterId)] },
              order: [['id', 'ASC']],
              limit,
            }),
          ),
        line(companyColumns),
        t(req.locale, 'adminConsole.col.timeZone'),
      );
    }),
  );
  get(
    '/admin/company',
    route({ query: adminCompanyQuerySchema }, ({ query }) => queries.companies(query)),
  );
  get(
    '/admin/company/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const company = await models.Company.findByPk(params.id);
      if (!company) throw new AppError('TEAM_NOT_FOUND');
      const [row] = await queries.companyRows([company]);
      const members = await models.User.findAll({
        where: { employmentCompanyId: company.id, type: 'user' },
        order: [['id', 'ASC']],
        limit: 200,
      });
      let storageBytes = 0;
      for (const source of files.all()) storageBytes += (await source.usage()).get(company.id) ?? 0;
      // pending invitations, for the admin's re-send (calls spec §7.8 admin variants)
      const pending = await models.EmployeeInvitation.findAll({
        where: { companyId: company.id, status: 'pending' },
        order: [['id', 'ASC']],
        limit: 200,
      });
      const pendingInvitations = pending.map((i) => ({
        id: i.id,
        email: i.email,
        expiresAt: i.expiresAt.toISOString(),
        createdAt: i.createdAt.toISOString(),
      }));
      return { data: { ...row!, storageBytes, memberList: await queries.userRows(members), pendingInvitations } };
    }),
  );
  router.patch(
    '/admin/company/:id',
    guards.admin,
    route({ params: idParamsSchema, body: adminCompanyUpdateSchema }, async ({ params, body }, req) => {
      const company = await actions.updateCompany(accountOf(req), params.id, body);
      return mutation((await queries.companyRows([company]))[0], t(req.locale, 'adminConsole.saved'));
    }),
  );
  router.delete(
    '/admin/company/:id',
    guards.admin,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const company = await actions.deleteCompany(accountOf(req), params.id);
      return mutation({ id: company.id }, t(req.locale, 'adminConsole.deleted'));
    }),
  );

  // ---- floors
  const floorColumns: Column<Awaited<ReturnType<AdminQueries['floorRows']>>[number]>[] = [
    ['adminConsole.col.id', (r) => r.id],
    ['adminConsole.col.title', (r) => r.title],
    ['adminConsole.col.company', (r) => r.companyName],
    ['adminConsole.col.host', (r) => r.hostName],
    ['adminConsole.col.privacy', (r) => r.privacy],
    ['adminConsole.col.startAt', (r) => r.startAt],
    ['adminConsole.col.endAt', (r) => r.endAt],
    ['adminConsole.col.participants', (r) => r.participants],
    ['adminConsole.col.createdAt', (r) => r.createdAt],
    ['adminConsole.col.deletedAt', (r) => r.deletedAt],
  ];
  get(
    '/admin/floors/export',
    route({ query: adminFloorQuerySchema }, async ({ query }, req, res) => {
      const { where, paranoid } = queries.floorWhere(query);
      await streamCsv(
        res,
        `floors-${stamp(clock)}.csv`,
        header(req.locale, floorColumns),
        async (afterId, limit) =>
          queries.floorRows(
            await models.Floor.findAll({
              where: { [Op.and]: [where, byIdIn(afterId)] },
              paranoid,
              order: [['id', 'ASC']],
              limit,
            }),
          ),
        line(floorColumns),
        t(req.locale, 'adminConsole.col.timeZone'),
      );
    }),
  );
  get(
    '/admin/floors',
    route({ query: adminFloorQuerySchema }, ({ query }) => queries.floors(query)),
  );
  get(
    '/admin/floors/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const floor = await models.Floor.findByPk(params.id, { paranoid: false });
      if (!floor) throw new AppError('FLOOR_NOT_FOUND');
      const [row] = await queries.floorRows([floor]);
      const participants = await models.FloorParticipant.findAll({
        where: { floorId: floor.id },
        order: [['id', 'ASC']],
        limit: 200,
      });
      return {
        data: {
          ...row!,
          catchcopy: floor.catchcopy,
          catchphrase: floor.catchphrase,
          description: floor.description,
          participantList: await queries.participantRows(participants),
        },
      };
    }),
  );
  router.patch(
    '/admin/floors/:id',
    guards.admin,
    route({ params: idParamsSchema, body: adminFloorUpdateSchema }, async ({ params, body }, req) => {
      const floor = await actions.updateFloor(accountOf(req), params.id, body);
      return mutation((await queries.floorRows([floor]))[0], t(req.locale, 'adminConsole.saved'));
    }),
  );
  router.delete(
    '/admin/floors/:id',
    guards.admin,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const floor = await actions.deleteFloor(accountOf(req), params.id);
      return mutation({ id: floor.id }, t(req.locale, 'adminConsole.deleted'));
    }),
  );
}
