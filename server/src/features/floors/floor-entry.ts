import { floorStatus, toJapanTime } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import { viewFloor, type FloorAccess } from './floor-access';

/**
 * A floor the caller may enter now (floor:joinOffice and GET /floors/{id}/join):
 * one they may see (floor-access rules, else FLOOR_NOT_FOUND); a finished
 * floor is PAST_FLOOR; an upcoming one is open to its host and subhosts only
 * (to set it up), anyone else gets FLOOR_NOT_STARTED.
 */
export async function enterFloor(models: Models, user: User, floorId: number, now: Date): Promise<FloorAccess> {
  return mayEnterNow(await viewFloor(models, user, floorId), now);
}

/** The time rules of entering a floor the caller may see (enterFloor): finished, or upcoming for a non-manager. */
export function mayEnterNow(access: FloorAccess, now: Date): FloorAccess {
  const { floor } = access;
  const status = floorStatus(floor.type, floor.startAt, floor.endAt, now);
  if (status === 'finished') throw new AppError('PAST_FLOOR');
  if (status === 'upcoming' && !access.canManage)
    throw new AppError('FLOOR_NOT_STARTED', { values: { start: toJapanTime(floor.startAt!) } });
  return access;
}
