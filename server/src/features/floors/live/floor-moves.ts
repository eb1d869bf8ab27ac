import { UniqueConstraintError } from 'sequelize';
import type { FloorUserDto, PresenceStatus } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { freeSeat, onFloor, type OnFloor } from './floor-session';
import { toFloorUserDto, type LiveContext } from './live-context';
import type { RoomPasswordLimiter } from './room-password-limiter';

export interface RoomChange {
  roomId: number;
  seat?: number | undefined;
  password?: string | undefined;
}

/**
 * floor:joinRoom — a move to a room and seat (the first free one unless
 * told). A locked room asks for its password, except for hosts and
 * subhosts, guests (spec §4: guests skip the password prompt), whoever
 * locked it, and an accepted room invitation (`invited`).
 */
export async function joinRoom(
  ctx: LiveContext,
  limiter: RoomPasswordLimiter,
  socket: IoSocket,
  change: RoomChange,
  invited = false,
): Promise<FloorUserDto> {
  const me = await onFloor(ctx, socket);
  return moveTo(ctx, limiter, me, change, invited);
}

export async function moveTo(
  ctx: LiveContext,
  limiter: RoomPasswordLimiter | null,
  { floorId, user, row, access }: OnFloor,
  change: RoomChange,
  invited: boolean,
): Promise<FloorUserDto> {
  const room = await ctx.models.FloorRoom.findOne({ where: { id: change.roomId, floorId } });
  if (!room) throw new AppError('ROOM_NOT_FOUND');
  if (room.id === row.roomId && (change.seat === undefined || change.seat === row.seat))
    return toFloorUserDto(row, user, true);
  const free = invited || access.canManage || row.participantType === 'GUEST' || room.lockedBy === user.id;
  if (room.locked && !free) await limiter?.check(user.id, room.id, change.password, room.password);
  if (change.seat !== undefined && change.seat > room.seat) throw new AppError('BAD_REQUEST');
  try {
    await row.update({ roomId: room.id, seat: change.seat ?? (await freeSeat(ctx, room)) });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new AppError('SEAT_TAKEN');
    throw error;
  }
  const dto = toFloorUserDto(row, user, true);
  ctx.presence.changed(floorId, dto);
  return dto;
}

/** floor:updateUser — the activeStatus (available, busy, away, meeting). */
export async function updateUser(ctx: LiveContext, socket: IoSocket, activeStatus: PresenceStatus) {
  const { floorId, user, row } = await onFloor(ctx, socket);
  await row.update({ activeStatus });
  const dto = toFloorUserDto(row, user, true);
  ctx.presence.changed(floorId, dto);
  return dto;
}
