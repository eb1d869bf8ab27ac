import { Router } from 'express';
import {
  activityCreateSchema,
  activityListQuerySchema,
  activityUpdateSchema,
  formatMessage,
  idParamsSchema,
} from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { ActivityService } from './activity.service';

/** Today's events (calls spec §7.10 activity: create, read, update, delete) as the resource /activities. */
export function activityRoutes(activities: ActivityService, guards: Guards): Router {
  const router = Router();
  const params = { params: idParamsSchema };
  router.get(
    '/activities',
    guards.verifiedUser,
    route({ query: activityListQuerySchema }, async ({ query }, req) => ({
      data: await activities.list(accountOf(req), query.floorId),
    })),
  );
  router.post(
    '/activities',
    guards.verifiedUser,
    route({ body: activityCreateSchema }, async ({ body }, req, res) => {
      const dto = await activities.create(accountOf(req), body, req.locale);
      res.status(201);
      return mutation(dto, formatMessage(req.locale, 'activities.create.success'));
    }),
  );
  router.patch(
    '/activities/:id',
    guards.verifiedUser,
    route({ ...params, body: activityUpdateSchema }, async ({ params, body }, req) =>
      mutation(
        await activities.update(accountOf(req), params.id, body, req.locale),
        formatMessage(req.locale, 'activities.update.success'),
      ),
    ),
  );
  router.delete(
    '/activities/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => {
      await activities.remove(accountOf(req), params.id);
      return mutation(null, formatMessage(req.locale, 'activities.delete.success'));
    }),
  );
  return router;
}
