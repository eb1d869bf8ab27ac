import { Router } from 'express';
import { formatMessage, idParamsSchema, type MessageId } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { snapshot, type AuditLog } from '../admin/audit';
import { toUserDto, type User } from '../users';
import type { AccountLifecycle } from './account-lifecycle.service';

export interface AdminUserRouteDeps {
  accounts: AccountLifecycle;
  guards: Guards;
  /** Each delete, recover and permanent delete is written to the admin audit log. */
  audit?: AuditLog;
}

/** admin/users (calls spec §7.12): delete, recover, permanent delete. Platform admins only. */
export function adminUserRoutes({ accounts, guards, audit }: AdminUserRouteDeps): Router {
  const router = Router();
  const action = (run: (id: number) => Promise<User>, message: MessageId, auditAction: string) =>
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const user = await run(params.id);
      const shot = snapshot(user);
      await audit?.record({
        admin: accountOf(req),
        action: auditAction,
        targetType: 'user',
        targetId: user.id,
        ...(auditAction === 'user.recover' ? { after: shot } : { before: shot }),
      });
      return mutation(toUserDto(user), formatMessage(req.locale, message));
    });

  router.delete(
    '/admin/users/permanent-delete/:id',
    guards.admin,
    action((id) => accounts.permanentDelete(id), 'adminUsers.permanentDelete.success', 'user.permanentDelete'),
  );
  router.delete(
    '/admin/users/:id',
    guards.admin,
    action((id) => accounts.softDelete(id), 'adminUsers.delete.success', 'user.delete'),
  );
  router.patch(
    '/admin/users/:id/recover',
    guards.admin,
    action((id) => accounts.restore(id), 'adminUsers.recover.success', 'user.recover'),
  );
  return router;
}
