import { Router } from 'express';
import { bulkFloorSchema, checkEmployeeSchema, existedEmployeeSchema, formatMessage } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { TeamFloorService } from './team-floor';

/** POST /company-employees/existed-employee, /check-employee and /bulk-floor (calls spec §7.8). */
export function teamFloorRoutes({ teamFloor, guards }: { teamFloor: TeamFloorService; guards: Guards }): Router {
  const router = Router();
  router.post(
    '/company-employees/existed-employee',
    guards.verifiedUser,
    route({ body: existedEmployeeSchema }, async ({ body }, req) => {
      const data = await teamFloor.existed(accountOf(req), body.email);
      const key = data.existed ? 'teamFloor.existed' : 'teamFloor.notExisted';
      return mutation(data, formatMessage(req.locale, key, { email: body.email }));
    }),
  );
  router.post(
    '/company-employees/check-employee',
    guards.verifiedUser,
    route({ body: checkEmployeeSchema }, async ({ body }, req) => {
      const data = await teamFloor.check(accountOf(req), body.emails, req.locale);
      return mutation(data, formatMessage(req.locale, 'teamFloor.checked', { count: data.length }));
    }),
  );
  router.post(
    '/company-employees/bulk-floor',
    guards.verifiedUser,
    route({ body: bulkFloorSchema }, async ({ body }, req, res) => {
      const { participants, unsent } = await teamFloor.bulkFloor(accountOf(req), body, req.locale);
      res.status(201);
      const message = unsent.length
        ? formatMessage(req.locale, 'participants.register.mailFailed', { emails: unsent.join(', ') })
        : formatMessage(req.locale, 'participants.register.sent', { count: participants.length });
      return mutation(participants, message);
    }),
  );
  return router;
}
