import type { Guards } from '../auth/guards';
import { activityRoutes } from './activity.routes';
import { ActivityService, type ActivityDeps } from './activity.service';

export { ActivityService, type ActivityNews } from './activity.service';

/** Today's events of a floor (issue 16). */
export function createActivities(deps: ActivityDeps & { guards: Guards }) {
  const activities = new ActivityService(deps);
  return { activities, router: activityRoutes(activities, deps.guards) };
}
