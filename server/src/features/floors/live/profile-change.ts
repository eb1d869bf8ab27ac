import type { User } from '../../users/user.model';
import type { IoServer } from '../../../realtime/types';
import { invalidate } from './live-invalidation';
import { toFloorUserDto, type LiveContext } from './live-context';

/**
 * A person on these floors changed their name or picture (features/users
 * ProfileFeed): the cached callers of each floor are dropped (their next
 * move carries the new name, here and in the other processes), and everyone
 * on the floor gets the person whole in the next `floor:usersChanged`.
 * Floors where the person has no place any more are skipped.
 */
export async function profileChanged(
  ctx: LiveContext,
  others: IoServer | undefined,
  user: Pick<User, 'id' | 'name' | 'avatarImageUrl'>,
  floorIds: Iterable<number>,
): Promise<void> {
  for (const floorId of new Set(floorIds)) {
    invalidate(ctx, others, { floorId, what: 'access' });
    const row = await placeInMemory(ctx, floorId, user.id);
    if (row) ctx.presence.changed(floorId, toFloorUserDto(row, user, true), true);
  }
}

async function placeInMemory(ctx: LiveContext, floorId: number, userId: number) {
  const p = await ctx.engine.placeOf(floorId, userId);
  return p && { userId, roomId: p.roomId, seat: p.seat, participantType: p.participantType, activeStatus: p.status };
}
