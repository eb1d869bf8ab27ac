import { Router } from 'express';
import {
  formatMessage,
  idParamsSchema,
  pageQuerySchema,
  participantEmployeesQuerySchema,
  participantRegisterSchema,
  participantUpdateSchema,
} from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { toParticipantDto } from './floor.dto';
import type { ParticipantService } from './participant.service';

/** /participant (calls spec §7.5) and GET /floors/{id}/participants (§7.3). */
export function participantRoutes({ participants, guards }: { participants: ParticipantService; guards: Guards }) {
  const router = Router();
  const params = { params: idParamsSchema };

  router.get(
    '/floors/:id/participants',
    guards.verifiedUser,
    route({ ...params, query: pageQuerySchema }, ({ params, query }, req) =>
      participants.list(accountOf(req), params.id, query),
    ),
  );
  router.post(
    '/participant/register',
    guards.verifiedUser,
    route({ body: participantRegisterSchema }, async ({ body }, req, res) => {
      const { participants: created, unsent } = await participants.register(accountOf(req), body, req.locale);
      res.status(201);
      const message = unsent.length
        ? formatMessage(req.locale, 'participants.register.mailFailed', { emails: unsent.join(', ') })
        : formatMessage(req.locale, 'participants.register.sent', { count: created.length });
      return mutation(created, message);
    }),
  );
  router.get(
    '/participant/employees',
    guards.verifiedUser,
    route({ query: participantEmployeesQuerySchema }, ({ query }, req) =>
      participants.employees(accountOf(req), query),
    ),
  );
  router.get(
    '/participant/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({
      data: toParticipantDto(await participants.detail(accountOf(req), params.id)),
    })),
  );
  router.patch(
    '/participant/:id',
    guards.verifiedUser,
    route({ ...params, body: participantUpdateSchema }, async ({ params, body }, req) =>
      mutation(
        toParticipantDto(await participants.update(accountOf(req), params.id, body.permissions)),
        formatMessage(req.locale, 'participants.update.success'),
      ),
    ),
  );
  router.delete(
    '/participant/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) =>
      mutation(
        toParticipantDto(await participants.remove(accountOf(req), params.id)),
        formatMessage(req.locale, 'participants.delete.success'),
      ),
    ),
  );
  return router;
}
