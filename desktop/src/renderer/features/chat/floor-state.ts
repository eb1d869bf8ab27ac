import type { AreaType, UserDto } from '@tsudoi/common';
import { selectCurrentUser } from '@tsudoi/ui/session';
import { selectFloorDetail, type WithFloorDetail } from '../floors/detail-slice';
import { selectLiveFloor, type WithLiveFloor } from '../floors/live-slice';
import { floorSoundState, type FloorSoundState } from './sound';

type WithFloor = WithLiveFloor & WithFloorDetail & Parameters<typeof selectCurrentUser>[0];

/** The room the signed-in user sits in on the live floor, or null off the floor. */
export function myFloorRoom(state: WithFloor): { floorId: number; roomId: number; areaType: AreaType | null } | null {
  const live = selectLiveFloor(state);
  const me: UserDto | null = selectCurrentUser(state);
  // live.me names a guest too; the signed-in user until the join answer arrives
  const userId = live.me?.userId ?? me?.id;
  if (userId === undefined || live.floorId === null || live.status === 'idle' || live.status === 'ended') return null;
  const place = live.users[userId];
  if (!place) return null;
  const detail = selectFloorDetail(state);
  const room = detail.rooms?.find((r) => r.id === place.roomId) ?? null;
  return { floorId: live.floorId, roomId: place.roomId, areaType: room?.areaType ?? null };
}

/** The floor state the received-message sound depends on (sound.ts). */
export function floorSoundNow(state: WithFloor): FloorSoundState {
  const room = myFloorRoom(state);
  return floorSoundState(room !== null, room?.areaType ?? null);
}
