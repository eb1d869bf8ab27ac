import { UniqueConstraintError } from 'sequelize';
import type { FloorUserDto, PresenceStatus } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { mover, roomOf } from './floor-session';
import type { Mover } from './live-cache';
import { toFloorUserDto, type LiveContext } from './live-context';
import type { RoomPasswordLimiter } from './room-password-limiter';
import { claimSeat, claimsRace, readPlace, setStatus, type Claim, type Place } from './seat-claim';

export interface RoomChange {
  roomId: number;
  seat?: number | undefined;
  password?: string | undefined;
}

/** Tries of a first-free-seat move whose seat another server process took in the same instant. */
const CLAIM_TRIES = 3;

/** In the room, and on the seat asked for when one was. */
const at = (place: Place, roomId: number, seat: number | undefined) =>
  place.roomId === roomId && (seat === undefined || seat === place.seat);

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
  return moveTo(ctx, limiter, await mover(ctx, socket), change, invited);
}

/**
 * The move itself: the room from the floor's cached rooms, then the seat
 * claimed in one guarded UPDATE (seat-claim.ts). Nothing changed means the
 * user is already there (answered as is), has lost their place
 * (FLOOR_NOT_JOINED) or the room is full (ROOM_FULL); a seat taken
 * meanwhile is SEAT_TAKEN.
 */
export async function moveTo(
  ctx: LiveContext,
  limiter: RoomPasswordLimiter | null,
  { floorId, user, canManage, participantType }: Mover,
  change: RoomChange,
  invited: boolean,
): Promise<FloorUserDto> {
  const room = await roomOf(ctx, floorId, change.roomId);
  const where = { floorId, userId: user.id };
  const free = invited || canManage || participantType === 'GUEST' || room.lockedBy === user.id;
  if (room.locked && !free) {
    const place = await readPlace(ctx.models, where);
    if (place && at(place, room.id, change.seat)) return toFloorUserDto(place, user, true);
    await limiter?.check(user.id, room.id, change.password, room.password);
  }
  if (change.seat !== undefined && change.seat > room.seat) throw new AppError('BAD_REQUEST');
  for (let attempt = 1; ; attempt++) {
    let claim: Claim;
    try {
      const take = () => claimSeat(ctx.models, where, room, change.seat);
      claim = await (claimsRace(ctx.models) ? ctx.queue.run(`room:${room.id}`, take) : take());
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      if (change.seat !== undefined || attempt >= CLAIM_TRIES) throw new AppError('SEAT_TAKEN');
      continue; // another process took that free seat first: look again
    }
    const { place, changed } = claim;
    if (!place) throw new AppError('FLOOR_NOT_JOINED');
    if (!changed && !at(place, room.id, change.seat)) throw new AppError('ROOM_FULL');
    const dto = toFloorUserDto(place, user, true);
    if (changed) ctx.presence.changed(floorId, dto);
    return dto;
  }
}

/** floor:updateUser — the activeStatus (available, busy, away, meeting). */
export async function updateUser(ctx: LiveContext, socket: IoSocket, activeStatus: PresenceStatus) {
  const { floorId, user } = await mover(ctx, socket);
  const place = await setStatus(ctx.models, { floorId, userId: user.id }, activeStatus);
  if (!place) throw new AppError('FLOOR_NOT_JOINED');
  const dto = toFloorUserDto(place, user, true);
  ctx.presence.changed(floorId, dto);
  return dto;
}
