import { avatarColour, type UserDto } from '@tsudoi/common';
import type { LiveFloorState } from '../live-slice';

export type LiveSelf = Pick<UserDto, 'id' | 'name' | 'avatarColor' | 'avatarImageUrl'>;

/** Who "me" is on the live floor: the signed-in user, or the guest the join answer named. */
export function liveSelf(user: LiveSelf | null, live: Pick<LiveFloorState, 'me' | 'users'>): LiveSelf | null {
  if (user) return user;
  if (!live.me) return null;
  const name = live.users[live.me.userId]?.name ?? '';
  return { id: live.me.userId, name, avatarColor: avatarColour(name), avatarImageUrl: null };
}

/** The landing of this floor, keeping a guest's app_id (without it a guest would land on the login). */
export const landingPath = (floorId: number, appId: string | null) =>
  appId ? `/floors/${floorId}?app_id=${encodeURIComponent(appId)}` : `/floors/${floorId}`;
