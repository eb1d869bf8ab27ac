import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import type { User } from '../../users/user.model';
import { viewFloor, type FloorAccess } from '../floor-access';
import { floorChannel, type LiveContext } from './live-context';
import type { FloorUser } from './live.models';

/** The caller of a socket request on the floor they joined. */
export interface OnFloor {
  floorId: number;
  user: User;
  row: FloorUser;
  access: FloorAccess;
}

export async function socketUser(ctx: LiveContext, socket: IoSocket): Promise<User> {
  const user = socket.data.userId ? await ctx.models.User.findByPk(socket.data.userId) : null;
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/**
 * The floor this socket is on: it joined one (floor:joinOffice), is still in
 * its channel (a kick or the floor's end takes it out) and the user still has
 * a place there and may still see the floor. Otherwise FLOOR_NOT_JOINED.
 */
export async function onFloor(ctx: LiveContext, socket: IoSocket): Promise<OnFloor> {
  const floorId = socket.data.floorId;
  if (!floorId || !socket.rooms.has(floorChannel(floorId))) throw new AppError('FLOOR_NOT_JOINED');
  const user = await socketUser(ctx, socket);
  const row = await ctx.models.FloorUser.findOne({ where: { floorId, userId: user.id } });
  if (!row) throw new AppError('FLOOR_NOT_JOINED');
  const access = await viewFloor(ctx.models, user, floorId);
  return { floorId, user, row, access };
}

/** The first free seat of a room (1..room.seat), or ROOM_FULL. */
export async function freeSeat(ctx: LiveContext, room: { id: number; seat: number }): Promise<number> {
  const taken = new Set(
    (await ctx.models.FloorUser.findAll({ where: { roomId: room.id }, attributes: ['seat'] })).map((r) => r.seat),
  );
  for (let seat = 1; seat <= room.seat; seat++) if (!taken.has(seat)) return seat;
  throw new AppError('ROOM_FULL');
}
