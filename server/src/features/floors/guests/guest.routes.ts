import { Router } from 'express';
import { guestLandingQuerySchema, idParamsSchema, joinGuestSchema, joinLinkSchema } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { route } from '../../../http/route';
import type { Clock } from '../../../lib/clock';
import { accountOf, type Guards } from '../../auth/guards';
import { floorDtos } from '../floor-lists';
import type { GuestService } from './guest.service';
import { admitAccount } from './link-admission';

/**
 * Account-less guest routes (calls spec §7.3): no sign-in, the app_id is the
 * credential. GET /floors/{id}/guest?app_id= (the landing of the link) and
 * POST /floors/{id}/join-guest {participantId, name, password?}; and for a
 * signed-in person, POST /floors/{id}/join-link {participantId}.
 */
export function guestRoutes(guests: GuestService, models: Models, clock: Clock, guards: Guards): Router {
  const router = Router();
  router.get(
    '/floors/:id/guest',
    route({ params: idParamsSchema, query: guestLandingQuerySchema }, async ({ params, query }) => ({
      data: await guests.landing(params.id, query.app_id),
    })),
  );
  router.post(
    '/floors/:id/join-guest',
    route({ params: idParamsSchema, body: joinGuestSchema }, async ({ params, body }, req, res) => {
      const session = await guests.join(params.id, body, req.ip ?? 'unknown', req.locale);
      res.status(201);
      return { data: session };
    }),
  );
  router.post(
    '/floors/:id/join-link',
    guards.verifiedUser,
    route({ params: idParamsSchema, body: joinLinkSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const floor = await admitAccount(models, user, params.id, body.participantId);
      return { data: (await floorDtos(models, user, [floor], clock.now()))[0] };
    }),
  );
  return router;
}
