import { Router, type RequestHandler } from 'express';
import {
  FLOOR_PLAN_CATEGORIES,
  floorCreateSchema,
  floorDuplicateSchema,
  floorListQuerySchema,
  floorUpdateSchema,
  formatMessage,
  idParamsSchema,
  type FloorPlanCategory,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import type { Clock } from '../../lib/clock';
import { accountOf, type Guards } from '../auth/guards';
import type { ImageStore } from '../uploads';
import { manageFloor } from './floor-access';
import { countFloorGroups, listFloors, type FloorScope } from './floor-lists';
import type { FloorService } from './floor.service';

export interface FloorRouteDeps {
  models: Models;
  clock: Clock;
  floors: FloorService;
  floorImages: ImageStore;
  guards: Guards;
}

/** /floors (calls spec §7.3): lists, CRUD, duplicate, the floor image, and /floor-plan-category. */
export function floorRoutes({ models, clock, floors, floorImages, guards }: FloorRouteDeps): Router {
  const router = Router();
  const params = { params: idParamsSchema };
  const list = (scope: FloorScope) =>
    route({ query: floorListQuerySchema }, ({ query }, req) =>
      listFloors(models, accountOf(req), scope, query, clock.now()),
    );

  router.get(
    '/floor-plan-category',
    guards.verifiedUser,
    route({}, (_input, req) => {
      const data: FloorPlanCategory[] = FLOOR_PLAN_CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name[req.locale],
        plans: c.plans.map((p) => ({ id: p.id, name: p.name[req.locale], rooms: p.rooms })),
      }));
      return { data };
    }),
  );
  router.get('/floors', guards.verifiedUser, list('all'));
  router.get('/floors/hosted', guards.verifiedUser, list('hosted'));
  router.get('/floors/joined', guards.verifiedUser, list('joined'));
  const groups = (scope: FloorScope) =>
    route({}, async (_input, req) => ({ data: await countFloorGroups(models, accountOf(req), scope, clock.now()) }));
  router.get('/floors/groups', guards.verifiedUser, groups('all'));
  router.get('/floors/hosted/groups', guards.verifiedUser, groups('hosted'));
  router.post(
    '/floors',
    guards.verifiedUser,
    route({ body: floorCreateSchema }, async ({ body }, req, res) => {
      const user = accountOf(req);
      const floor = await floors.create(user, body, req.locale);
      res.status(201);
      return mutation(await floors.dto(user, floor), formatMessage(req.locale, 'floors.create.success'));
    }),
  );
  router.post(
    '/floors/duplicate',
    guards.verifiedUser,
    route({ body: floorDuplicateSchema }, async ({ body }, req, res) => {
      const user = accountOf(req);
      const { id, ...fields } = body;
      const floor = await floors.duplicate(user, id, fields, req.locale);
      res.status(201);
      return mutation(await floors.dto(user, floor), formatMessage(req.locale, 'floors.duplicate.success'));
    }),
  );
  router.get(
    '/floors/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({ data: await floors.detail(accountOf(req), params.id) })),
  );
  router.get(
    '/floors/:id/join',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({ data: await floors.join(accountOf(req), params.id, req.locale) })),
  );
  router.patch(
    '/floors/:id',
    guards.verifiedUser,
    route({ ...params, body: floorUpdateSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const floor = await floors.update(user, params.id, body, req.locale);
      return mutation(await floors.dto(user, floor), formatMessage(req.locale, 'floors.update.success'));
    }),
  );
  router.delete(
    '/floors/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => {
      const user = accountOf(req);
      const floor = await floors.remove(user, params.id);
      return mutation({ id: floor.id }, formatMessage(req.locale, 'floors.delete.success'));
    }),
  );

  // Access is checked before the body is read: a refused caller uploads nothing.
  const mayManage: RequestHandler = async (req, _res, next) => {
    await manageFloor(models, accountOf(req), idParamsSchema.parse(req.params).id);
    next();
  };
  router.put(
    '/floors/:id/image',
    guards.verifiedUser,
    mayManage,
    floorImages.receive(),
    route(params, async ({ params }, req) => {
      const user = accountOf(req);
      const { floor } = await manageFloor(models, user, params.id);
      await floorImages.replace(req, floor.imageUrl ?? null, (url) => floor.update({ imageUrl: url }));
      return mutation(await floors.dto(user, floor), formatMessage(req.locale, 'floors.image.updated'));
    }),
  );
  return router;
}
