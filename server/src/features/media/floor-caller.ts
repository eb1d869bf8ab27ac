import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import { viewFloor } from '../floors/floor-access';
import { roomOfUser } from '../floors/live/engine/places';
import { floorChannel } from '../floors/live/channels';

export interface FloorCaller {
  floorId: number;
  userId: number;
  /** The room the caller is in on the floor. */
  roomId: number;
  /** Host or subhost of the floor (floor-access `managesFloor`). */
  canManage: boolean;
}

/**
 * The caller of a host control or media request, checked against the
 * database like the live floor does: the socket joined a floor and is still
 * in its channel, the user still has a place there and may still see it.
 */
export async function floorCaller(models: Models, socket: IoSocket): Promise<FloorCaller> {
  const { floorId, userId } = socket.data;
  if (!floorId || !socket.rooms.has(floorChannel(floorId))) throw new AppError('FLOOR_NOT_JOINED');
  const user = userId ? await models.User.findByPk(userId) : null;
  if (!user) throw new AppError('UNAUTHORIZED');
  const roomId = await roomOfUser(models, floorId, user.id);
  if (roomId === null) throw new AppError('FLOOR_NOT_JOINED');
  const access = await viewFloor(models, user, floorId);
  return { floorId, userId: user.id, roomId, canManage: access.canManage };
}
