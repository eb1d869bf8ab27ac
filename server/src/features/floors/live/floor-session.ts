import { effectiveRoomType } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { handshakeReadOr } from '../../../realtime/handshake-read';
import type { User } from '../../users/user.model';
import { viewFloor, type FloorAccess } from '../floor-access';
import type { Mover, RoomMeta } from './live-cache';
import { type LiveContext } from './live-context';
import type { FloorUser } from './live.models';
import { permissionsOf } from './room-permissions';
import { isVisitor } from '../outsider-policy';
import { floorChannel } from './channels';

/** The caller of a socket request on the floor they joined. */
export interface OnFloor {
  floorId: number;
  user: User;
  row: Pick<FloorUser, 'userId' | 'roomId' | 'seat' | 'participantType' | 'activeStatus'>;
  access: FloorAccess;
}

export async function socketUser(ctx: LiveContext, socket: IoSocket): Promise<User> {
  const { userId } = socket.data;
  const user = userId ? await handshakeReadOr(socket, () => ctx.models.User.findByPk(userId)) : null;
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** The socket joined a floor (floor:joinOffice) and is still in its channel (a kick or the floor's end takes it out). */
function joinedFloor(socket: IoSocket): number {
  const floorId = socket.data.floorId;
  if (!floorId || !socket.rooms.has(floorChannel(floorId))) throw new AppError('FLOOR_NOT_JOINED');
  return floorId;
}

/**
 * The floor this socket is on, checked in full against the database: it
 * joined one and is still in its channel, the user still has a place there
 * and may still see the floor. Otherwise FLOOR_NOT_JOINED.
 */
export async function onFloor(ctx: LiveContext, socket: IoSocket): Promise<OnFloor> {
  const floorId = joinedFloor(socket);
  const user = await socketUser(ctx, socket);
  const row = await placeInMemory(ctx, floorId, user.id);
  if (!row) throw new AppError('FLOOR_NOT_JOINED');
  const access = await viewFloor(ctx.models, user, floorId);
  return { floorId, user, row, access };
}

async function placeInMemory(ctx: LiveContext, floorId: number, userId: number) {
  const p = await ctx.engine.placeOf(floorId, userId);
  return p && { userId, roomId: p.roomId, seat: p.seat, participantType: p.participantType, activeStatus: p.status };
}

export const moverOf = ({ floorId, user, row, access }: OnFloor): Mover => ({
  floorId,
  user: { id: user.id, name: user.name, avatarImageUrl: user.avatarImageUrl ?? null },
  canManage: access.canManage,
  participantType: row.participantType,
  permissions: permissionsOf(access),
  visitor: isVisitor(access.me),
});

/**
 * The caller of a move (floor:joinRoom, floor:updateUser): the channel is
 * checked every time, the rest (onFloor) once per socket and then cached
 * until something that can change it happens (ctx.sessions: see
 * createFloorLive) or LIVE_CACHE_TTL_MS pass. The move itself changes only
 * the caller's own floor_users row, so a place taken away meanwhile shows
 * there (FLOOR_NOT_JOINED).
 */
export function mover(ctx: LiveContext, socket: IoSocket): Promise<Mover> {
  const floorId = joinedFloor(socket);
  return ctx.sessions.through(socket.id, floorId, async () => moverOf(await onFloor(ctx, socket)));
}

/** A floor's rooms by id, from the cached room list (ctx.rooms). */
export function roomsOf(ctx: LiveContext, floorId: number): Promise<Map<number, RoomMeta>> {
  return ctx.rooms.through(floorId, floorId, async () => {
    const rows = await ctx.models.FloorRoom.findAll({
      where: { floorId },
      attributes: ['id', 'number', 'type', 'seat', 'locked', 'password', 'lockedBy'],
    });
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          number: r.number,
          type: effectiveRoomType(r),
          seat: r.seat,
          locked: r.locked,
          password: r.password,
          lockedBy: r.lockedBy,
        } satisfies RoomMeta,
      ]),
    );
  });
}

/** A room of a floor, from the floor's cached room list (ctx.rooms); ROOM_NOT_FOUND when not on it. */
export async function roomOf(ctx: LiveContext, floorId: number, roomId: number): Promise<RoomMeta> {
  const room = (await roomsOf(ctx, floorId)).get(roomId);
  if (!room) throw new AppError('ROOM_NOT_FOUND');
  return room;
}
