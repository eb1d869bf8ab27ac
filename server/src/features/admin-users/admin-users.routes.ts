import { Router } from 'express';
import { formatMessage, idParamsSchema, type MessageId } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import type { Guards } from '../auth/guards';
import { toUserDto, type User } from '../users';
import type { AccountLifecycle } from './account-lifecycle.service';

export interface AdminUserRouteDeps {
  accounts: AccountLifecycle;
  guards: Guards;
}

/** admin/users (calls spec §7.12): delete, recover, permanent delete. Platform admins only. */
export function adminUserRoutes({ accounts, guards }: AdminUserRouteDeps): Router {
  const router = Router();
  const action = (run: (id: number) => Promise<User>, message: MessageId) =>
    route({ params: idParamsSchema }, async ({ params }, req) =>
      mutation(toUserDto(await run(params.id)), formatMessage(req.locale, message)),
    );

  router.delete(
    '/admin/users/permanent-delete/:id',
    guards.admin,
    action((id) => accounts.permanentDelete(id), 'adminUsers.permanentDelete.success'),
  );
  router.delete(
    '/admin/users/:id',
    guards.admin,
    action((id) => accounts.softDelete(id), 'adminUsers.delete.success'),
  );
  router.patch(
    '/admin/users/:id/recover',
    guards.admin,
    action((id) => accounts.restore(id), 'adminUsers.recover.success'),
  );
  return router;
}
