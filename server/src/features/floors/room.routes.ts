import { Router } from 'express';
import { formatMessage, idParamsSchema, roomLockSchema, roomUpdateSchema } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { RoomService } from './room.service';

/** GET /floors/{id}/rooms and /floor-room/{id} (calls spec §7.4): detail, edit, lock and unlock. */
export function roomRoutes({ rooms, guards }: { rooms: RoomService; guards: Guards }): Router {
  const router = Router();
  const params = { params: idParamsSchema };

  router.get(
    '/floors/:id/rooms',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({ data: await rooms.list(accountOf(req), params.id, req.locale) })),
  );
  router.get(
    '/floor-room/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => {
      const user = accountOf(req);
      const { room, access } = await rooms.find(user, params.id);
      return { data: rooms.dto(user, access, room, req.locale) };
    }),
  );
  router.patch(
    '/floor-room/:id',
    guards.verifiedUser,
    route({ ...params, body: roomUpdateSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const { room, access } = await rooms.update(user, params.id, body);
      return mutation(rooms.dto(user, access, room, req.locale), formatMessage(req.locale, 'rooms.update.success'));
    }),
  );
  router.post(
    '/floor-room/:id/lock',
    guards.verifiedUser,
    route({ ...params, body: roomLockSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const { room, access } = await rooms.lock(user, params.id, body.locked);
      const message = room.locked
        ? formatMessage(req.locale, 'rooms.lock.locked', { password: room.password! })
        : formatMessage(req.locale, 'rooms.lock.unlocked');
      return mutation(rooms.dto(user, access, room, req.locale), message);
    }),
  );
  return router;
}
