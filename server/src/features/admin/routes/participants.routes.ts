import { Op, type WhereOptions } from 'sequelize';
import {
  adminAuditQuerySchema,
  adminLogQuerySchema,
  adminParticipantQuerySchema,
  adminResendSchema,
  idParamsSchema,
} from '@tsudoi/common';
import { mutation, paged, pageWindow } from '../../../http/answers';
import { AppError } from '../../../http/app-error';
import { route } from '../../../http/route';
import { accountOf } from '../../auth/guards';
import type { AdminQueries } from '../admin-queries';
import { toAuditRow } from '../audit';
import { streamCsv } from '../csv';
import { header, line, stamp, t, type AdminRouteKit, type Column } from './shared';

/** Floor participants, the participant log (floor_time_records) and the audit log. */
export function participantRoutes({ router, get, models, guards, queries, actions, clock }: AdminRouteKit): void {
  // ---- participants
  get(
    '/admin/participant',
    route({ query: adminParticipantQuerySchema }, ({ query }) => queries.participants(query)),
  );
  router.post(
    '/admin/participant/resend',
    guards.admin,
    route({ body: adminResendSchema }, async ({ body }, req) => {
      const sent = await actions.resendInvitation(accountOf(req), body.email, req.locale);
      return mutation({ sent }, t(req.locale, 'adminConsole.participants.resent'));
    }),
  );
  get(
    '/admin/participant/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const row = await models.FloorParticipant.findByPk(params.id);
      if (!row) throw new AppError('PARTICIPANT_NOT_FOUND');
      const [dto] = await queries.participantRows([row]);
      return {
        data: {
          ...dto!,
          permissions: {
            speech: row.permissionSpeech,
            subhost: row.permissionSubhost,
            meetingRoom: row.permissionMeetingRoom,
            receptionRoom: row.permissionReceptionRoom,
            conference: row.permissionConference,
            recording: row.permissionRecording,
          },
        },
      };
    }),
  );
  router.delete(
    '/admin/participant/:id',
    guards.admin,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const row = await actions.deleteParticipant(accountOf(req), params.id);
      return mutation({ id: row.id }, t(req.locale, 'adminConsole.deleted'));
    }),
  );

  // ---- participant log (the admin menu's floor_time_records)
  const logColumns: Column<Awaited<ReturnType<AdminQueries['logBatch']>>[number]>[] = [
    ['adminConsole.col.id', (r) => r.id],
    ['adminConsole.col.at', (r) => r.at],
    ['adminConsole.col.type', (r) => r.type],
    ['adminConsole.col.company', (r) => r.companyName],
    ['adminConsole.col.floor', (r) => r.floorTitle],
    ['adminConsole.col.name', (r) => r.userName],
    ['adminConsole.col.email', (r) => r.userEmail],
  ];
  get(
    '/admin/participant_log/export',
    route({ query: adminLogQuerySchema }, async ({ query }, req, res) => {
      await streamCsv(
        res,
        `participant-log-${stamp(clock)}.csv`,
        header(req.locale, logColumns),
        (afterId, limit) => queries.logBatch(query, afterId, limit),
        line(logColumns),
        t(req.locale, 'adminConsole.col.timeZone'),
        500,
      );
    }),
  );
  get(
    '/admin/participant_log',
    route({ query: adminLogQuerySchema }, ({ query }) => queries.log(query)),
  );
  get(
    '/admin/participant_log/:id',
    route({ params: idParamsSchema }, async ({ params }) => {
      const row = await queries.logEntry(params.id);
      if (!row) throw new AppError('NOT_FOUND');
      return { data: row };
    }),
  );

  // ---- audit log
  get(
    '/admin/audit',
    route({ query: adminAuditQuerySchema }, async ({ query }) => {
      const where: WhereOptions = query.targetType ? { targetType: query.targetType } : {};
      const conditions: WhereOptions[] = [where];
      if (query.q)
        conditions.push({
          [Op.or]: [{ adminEmail: { [Op.substring]: query.q } }, { action: { [Op.substring]: query.q } }],
        });
      const { rows, count } = await models.AdminAudit.findAndCountAll({
        where: { [Op.and]: conditions },
        order: [
          [query.sort, query.order.toUpperCase()],
          ['id', query.order.toUpperCase()],
        ],
        ...pageWindow(query),
      });
      return paged(rows.map(toAuditRow), count, query);
    }),
  );
}
