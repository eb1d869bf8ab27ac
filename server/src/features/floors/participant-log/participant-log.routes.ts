import { Router } from 'express';
import {
  formatMessage,
  idParamsSchema,
  participantLogExportQuerySchema,
  participantLogQuerySchema,
  type ParticipantLogEntryDto,
} from '@tsudoi/common';
import { route } from '../../../http/route';
import { accountOf, type Guards } from '../../auth/guards';
import { streamCsv } from '../../admin/csv';
import type { ParticipantLogService } from './participant-log.service';

/**
 * The participant log (calls spec §7.5 participant_log) of one floor:
 * GET /floors/{id}/participant-log (paged), …/export (CSV, UTF-8 with BOM)
 * and GET /participant-log/{id}.
 */
export function participantLogRoutes({ log, guards }: { log: ParticipantLogService; guards: Guards }): Router {
  const router = Router();
  const params = { params: idParamsSchema };
  router.get(
    '/floors/:id/participant-log',
    guards.verifiedUser,
    route({ ...params, query: participantLogQuerySchema }, ({ params, query }, req) =>
      log.list(accountOf(req), params.id, query, req.locale),
    ),
  );
  router.get(
    '/floors/:id/participant-log/export',
    guards.verifiedUser,
    route({ ...params, query: participantLogExportQuerySchema }, async ({ params, query }, req, res) => {
      const batch = await log.exporter(accountOf(req), params.id, query, req.locale);
      const t = (id: Parameters<typeof formatMessage>[1]) => formatMessage(req.locale, id);
      await streamCsv(
        res,
        `floor-${params.id}-history-${query.from}-${query.to}.csv`,
        [t('history.col.at'), t('history.col.type'), t('history.col.name'), t('history.col.room')],
        batch,
        (r: ParticipantLogEntryDto) => [
          r.at, // written in Japan time by csvField
          t(r.type === 'enter' ? 'history.enter' : 'history.leave'),
          r.name,
          r.roomName,
        ],
        t('adminConsole.col.timeZone'),
        500,
      );
      return undefined;
    }),
  );
  router.get(
    '/participant-log/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({ data: await log.detail(accountOf(req), params.id, req.locale) })),
  );
  return router;
}
