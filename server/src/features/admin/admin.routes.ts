import type { Router } from 'express';
import { companyRoutes } from './routes/companies.routes';
import { participantRoutes } from './routes/participants.routes';
import { peopleRoutes } from './routes/people.routes';
import { adminRouteKit, type AdminRouteDeps } from './routes/shared';
import { storageRoutes } from './routes/storage.routes';
import { inquiryRoutes } from './routes/inquiries.routes';

export type { AdminRouteDeps } from './routes/shared';

/** The platform admin's REST calls (calls spec §7.12). Every route is behind the admin guard; users get 401. */
export function adminRoutes(deps: AdminRouteDeps): Router {
  const kit = adminRouteKit(deps);
  peopleRoutes(kit);
  companyRoutes(kit);
  participantRoutes(kit);
  storageRoutes(kit);
  inquiryRoutes(kit);
  return kit.router;
}
