import { Router } from 'express';
import { adminBulkInvitationSchema, formatMessage, idParamsSchema, type InvitationListCheck } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import type { AuditLog } from '../admin';
import { accountOf, type Guards } from '../auth/guards';
import { pendingRow } from './employees';
import type { InvitationService } from './invitation.service';

export interface AdminInvitationRouteDeps {
  invitations: InvitationService;
  guards: Guards;
  audit: AuditLog;
}

/**
 * The platform admin's variants of /company-employees (calls spec §7.8): POST
 * check, POST bulk and POST re-send/{id} for any team, named in the body
 * (check, bulk) or by the invitation (re-send). The same checks and messages
 * as a team manager's calls; the mails name the team's owner; bulk and re-send
 * are audited. Behind the admin guard: a user's token gets 401.
 */
export function adminInvitationRoutes({ invitations, guards, audit }: AdminInvitationRouteDeps): Router {
  const router = Router();
  router.post(
    '/admin/company-employees/check',
    guards.admin,
    route({ body: adminBulkInvitationSchema }, async ({ body }, req) => {
      const seatsLeft = await invitations.checkListFor(accountOf(req), body.companyId, body.emails, req.locale);
      const data: InvitationListCheck = { emails: body.emails, seatsLeft };
      return mutation(data, formatMessage(req.locale, 'invitations.check.ok', { count: seatsLeft }));
    }),
  );
  router.post(
    '/admin/company-employees/bulk',
    guards.admin,
    route({ body: adminBulkInvitationSchema }, async ({ body }, req, res) => {
      const admin = accountOf(req);
      const { invitations: created, unsent } = await invitations.inviteTo(
        admin,
        body.companyId,
        body.emails,
        req.locale,
        (company) => invitations.ownerOr(company, admin),
      );
      await audit.record({
        admin,
        action: 'invitation.bulk',
        targetType: 'company',
        targetId: body.companyId,
        after: { emails: body.emails, invitationIds: created.map((i) => i.id), unsent },
      });
      res.status(201);
      const message = unsent.length
        ? formatMessage(req.locale, 'invitations.bulk.mailFailed', { emails: unsent.join(', ') })
        : formatMessage(req.locale, 'invitations.bulk.sent', { count: created.length });
      return mutation(created.map(pendingRow), message);
    }),
  );
  router.post(
    '/admin/company-employees/re-send/:id',
    guards.admin,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const admin = accountOf(req);
      const invitation = await invitations.resendAsAdmin(admin, params.id);
      await audit.record({
        admin,
        action: 'invitation.resend',
        targetType: 'invitation',
        targetId: invitation.id,
        after: {
          companyId: invitation.companyId,
          email: invitation.email,
          expiresAt: invitation.expiresAt.toISOString(),
        },
      });
      return mutation(pendingRow(invitation), formatMessage(req.locale, 'invitations.resend.success'));
    }),
  );
  return router;
}
