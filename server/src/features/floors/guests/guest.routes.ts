import { Router } from 'express';
import { guestLandingQuerySchema, idParamsSchema, joinGuestSchema } from '@tsudoi/common';
import { route } from '../../../http/route';
import type { GuestService } from './guest.service';

/**
 * Account-less guest routes (calls spec §7.3): no sign-in, the app_id is the
 * credential. GET /floors/{id}/guest?app_id= (the landing of the link) and
 * POST /floors/{id}/join-guest {participantId, name, password?}.
 */
export function guestRoutes(guests: GuestService): Router {
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
  return router;
}
