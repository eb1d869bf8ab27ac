import { UniqueConstraintError } from 'sequelize';
import type { ErrorCode, FloorUserDto, PresenceStatus } from '@tsudoi/common';
import type { Person } from './engine/floor-state';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { mover, roomOf } from './floor-session';
import type { Mover } from './live-cache';
import { toFloorUserDto, type LiveContext } from './live-context';
import type { RoomPasswordLimiter } from './room-password-limiter';
import { assertMayEnter } from './room-permissions';
import { claimSeat, claimsRace, readPlace, setStatus, type Claim, type Place } from './seat-claim';

export interface RoomChange {
  roomId: number;
  seat?: number | undefined;
  password?: string | undefined;
}

/** Tries of a first-free-seat move whose seat another server process took in the same instant. */
const CLAIM_TRIES = 3;

/**
 * The engine's refusals, made once: an Error captures its stack when made,
 * which costs more than the move itself in memory.
 */
const REFUSALS = new Map<ErrorCode, AppError>();
const refusal = (code: ErrorCode) => {
  let error = REFUSALS.get(code);
  if (!error) REFUSALS.set(code, (error = new AppError(code)));
  return error;
};

/** A person of the engine as the row shape the DTOs are made from. */
function placeOfPerson(person: Person): Place;
function placeOfPerson(person: Person | null): Place | null;
function placeOfPerson(person: Person | null): Place | null {
  if (!person) return null;
  const { userId, roomId, seat, participantType, status } = person;
  return { userId, roomId, seat, participantType, activeStatus: status };
}

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
  caller: Mover,
  change: RoomChange,
  invited: boolean,
): Promise<FloorUserDto> {
  const { floorId, user, canManage, participantType } = caller;
  const room = await roomOf(ctx, floorId, change.roomId);
  for (const gate of ctx.roomGates) {
    const check = gate(floorId, user.id, room);
    if (check) await check;
  }
  const where = { floorId, userId: user.id };
  const free = invited || canManage || participantType === 'GUEST' || room.lockedBy === user.id;
  if (room.locked && !free) {
    const place = ctx.engine
      ? placeOfPerson(await ctx.engine.placeOf(floorId, user.id))
      : await readPlace(ctx.models, where);
    if (place && at(place, room.id, change.seat)) return toFloorUserDto(place, user, true);
    await limiter?.check(user.id, room.id, change.password, room.password);
  }
  if (change.seat !== undefined && change.seat > room.seat) throw new AppError('BAD_REQUEST');
  let granted = false;
  for (const gate of ctx.gates.room)
    if ((await gate({ floorId, userId: user.id, canManage, participantType, roomId: room.id, invited })) === 'granted')
      granted = true;
  // after the other features' rules (the stage, a booked lounge): they say more than a missing flag would
  assertMayEnter(caller, room, invited || granted);
  if (ctx.engine) {
    const outcome = await ctx.engine.apply(floorId, { type: 'move', userId: user.id, room, seat: change.seat });
    if (outcome.error) throw refusal(outcome.error);
    const dto = toFloorUserDto(placeOfPerson(outcome.person!), user, true);
    if (outcome.changed) ctx.presence.changed(floorId, dto);
    return dto;
  }
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
  if (ctx.engine) {
    const outcome = await ctx.engine.apply(floorId, { type: 'status', userId: user.id, status: activeStatus });
    if (outcome.error) throw refusal(outcome.error);
    const dto = toFloorUserDto(placeOfPerson(outcome.person!), user, true);
    if (outcome.changed) ctx.presence.changed(floorId, dto);
    return dto;
  }
  const place = await setStatus(ctx.models, { floorId, userId: user.id }, activeStatus);
  if (!place) throw new AppError('FLOOR_NOT_JOINED');
  const dto = toFloorUserDto(place, user, true);
  ctx.presence.changed(floorId, dto);
  return dto;
}
