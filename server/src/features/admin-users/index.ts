export { AccountLifecycle } from './account-lifecycle.service';
export { adminUserRoutes } from './admin-users.routes';
