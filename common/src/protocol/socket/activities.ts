import type { ActivityDto } from '../rest/activities';

/**
 * Today's events live (calls spec §7.13 "Activities: created, updated,
 * deleted"): everyone on the floor gets each change. `canEdit` in the entry
 * is false; each client works it out from its own rights (activity.createdBy
 * and its canManage).
 */
export interface ActivityServerEvents {
  'activity:created': (activity: ActivityDto) => void;
  'activity:updated': (activity: ActivityDto) => void;
  'activity:deleted': (payload: { id: number; floorId: number }) => void;
}
