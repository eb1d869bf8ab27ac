import { Router } from 'express';
import {
  bulkInvitationSchema,
  formatMessage,
  idParamsSchema,
  invitationCheckQuerySchema,
  pageQuerySchema,
  type InvitationListCheck,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { CompanyService } from '../companies';
import { toUserDto } from '../users/user.dto';
import { listEmployees, pendingRow } from './employees';
import type { InvitationService } from './invitation.service';

export interface InvitationRouteDeps {
  models: Models;
  invitations: InvitationService;
  companies: CompanyService;
  guards: Guards;
}

/**
 * /company-employees (calls spec §7.8): the team list, bulk invitation, the
 * list check before it (POST check), re-send, the link check and accept.
 */
export function invitationRoutes({ models, invitations, companies, guards }: InvitationRouteDeps): Router {
  const router = Router();
  const params = { params: idParamsSchema };

  router.get(
    '/company-employees',
    guards.verifiedUser,
    route({ query: pageQuerySchema }, ({ query }, req) => listEmployees(models, accountOf(req), query)),
  );
  router.post(
    '/company-employees/bulk',
    guards.verifiedUser,
    route({ body: bulkInvitationSchema }, async ({ body }, req, res) => {
      const { invitations: created, unsent } = await invitations.invite(accountOf(req), body.emails, req.locale);
      res.status(201);
      const message = unsent.length
        ? formatMessage(req.locale, 'invitations.bulk.mailFailed', { emails: unsent.join(', ') })
        : formatMessage(req.locale, 'invitations.bulk.sent', { count: created.length });
      return mutation(created.map(pendingRow), message);
    }),
  );
  router.post(
    '/company-employees/check',
    guards.verifiedUser,
    route({ body: bulkInvitationSchema }, async ({ body }, req) => {
      const seatsLeft = await invitations.checkList(accountOf(req), body.emails, req.locale);
      const data: InvitationListCheck = { emails: body.emails, seatsLeft };
      return mutation(data, formatMessage(req.locale, 'invitations.check.ok', { count: seatsLeft }));
    }),
  );
  router.post(
    '/company-employees/re-send/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) =>
      mutation(
        pendingRow(await invitations.resend(accountOf(req), params.id)),
        formatMessage(req.locale, 'invitations.resend.success'),
      ),
    ),
  );
  router.get(
    '/company-employees/:id/check',
    route({ ...params, query: invitationCheckQuerySchema }, async ({ params, query }) => ({
      data: await invitations.check(params.id, query.email),
    })),
  );
  router.post(
    '/company-employees/accept/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => {
      const user = accountOf(req);
      const company = await invitations.accept(user, params.id);
      await user.reload();
      const data = { user: toUserDto(user), company: await companies.dto(company) };
      return mutation(data, formatMessage(req.locale, 'invitations.accept.success', { company: company.name }));
    }),
  );
  return router;
}
