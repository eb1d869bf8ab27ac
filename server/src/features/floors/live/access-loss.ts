import { formatMessage } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { User } from '../../users/user.model';
import { viewFloor } from '../floor-access';
import { removeUser } from './floor-removal';
import type { LiveContext } from './live-context';

/** Whether the user may still see the floor (any refusal of the floors' rule is "no"). */
async function stillSees(ctx: LiveContext, user: User, floorId: number): Promise<boolean> {
  try {
    await viewFloor(ctx.models, user, floorId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Someone lost a way onto floors (their participant row went, they left a
 * team): on each floor given — every floor they have a place on when none
 * is given — that they can no longer see, they are taken off it like a
 * kick-out: each of their sockets there is told (`floor:kickedOut`, reason
 * `removed`) and leaves the floor's channels on every process; their place
 * goes, and with it their room's chat and media (the media feature follows
 * the leave). Someone who still sees the floor (a team member whose row
 * went) stays.
 */
export async function accessLost(ctx: LiveContext, userId: number, floorIds?: number[]): Promise<void> {
  const user = await ctx.models.User.findByPk(userId);
  const places = await ctx.models.FloorUser.findAll({
    where: floorIds ? { userId, floorId: floorIds } : { userId },
    attributes: ['floorId'],
  });
  for (const { floorId } of places) {
    if (user && (await stillSees(ctx, user, floorId))) continue;
    const floor = await ctx.models.Floor.findByPk(floorId);
    if (!floor) continue;
    await removeUser(ctx, floor, userId, (locale, socket) =>
      socket.emit('floor:kickedOut', {
        floorId,
        reason: 'removed',
        message: formatMessage(locale, 'floors.live.removed'),
      }),
    );
  }
}
