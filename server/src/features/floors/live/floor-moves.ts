import type { ErrorCode, FloorUserDto, ParticipantType, PresenceStatus } from '@tsudoi/common';
import type { Person } from './engine/floor-state';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { mover, roomOf } from './floor-session';
import { followVisitor } from './floor-view';
import type { Mover } from './live-cache';
import { toFloorUserDto, type LiveContext } from './live-context';
import type { RoomPasswordLimiter } from './room-password-limiter';
import { assertMayEnter } from './room-permissions';

export interface RoomChange {
  roomId: number;
  seat?: number | undefined;
  password?: string | undefined;
}

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

/** A user's place on a floor as a move leaves it (the columns of floor_users a presence batch shows). */
interface Place {
  userId: number;
  roomId: number;
  seat: number;
  participantType: ParticipantType;
  activeStatus: PresenceStatus;
}

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
 * The move itself: the room from the floor's cached rooms, the other
 * features' gates, then the engine (in memory; the owner process when there
 * are several) takes the seat. Already there is answered as is; no place on
 * the floor is FLOOR_NOT_JOINED, a full room ROOM_FULL, a seat taken meanwhile
 * SEAT_TAKEN (the engine's refusals).
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
  const free = invited || canManage || participantType === 'GUEST' || room.lockedBy === user.id;
  if (room.locked && !free) {
    const place = placeOfPerson(await ctx.engine.placeOf(floorId, user.id));
    if (place && at(place, room.id, change.seat)) return toFloorUserDto(place, user, true);
    await limiter?.check(user.id, room.id, change.password, room.password);
  }
  if (change.seat !== undefined && change.seat > room.seat) throw new AppError('BAD_REQUEST');
  let granted = false;
  const entry = { floorId, userId: user.id, canManage, participantType, roomId: room.id, invited };
  for (const gate of ctx.gates.room)
    if ((await gate({ ...entry, visitor: caller.visitor, roomNumber: room.number })) === 'granted') granted = true;
  // after the other features' rules (the stage, a booked lounge): they say more than a missing flag would
  assertMayEnter(caller, room, invited || granted);
  const outcome = await ctx.engine.apply(floorId, { type: 'move', userId: user.id, room, seat: change.seat });
  if (outcome.error) throw refusal(outcome.error);
  const dto = toFloorUserDto(placeOfPerson(outcome.person!), user, true);
  if (outcome.changed) ctx.presence.changed(floorId, dto, false, caller.visitor);
  if (outcome.changed && caller.visitor) await followVisitor(ctx, floorId, user.id, room);
  return dto;
}

/** floor:updateUser — the activeStatus (available, busy, away, meeting). */
export async function updateUser(ctx: LiveContext, socket: IoSocket, activeStatus: PresenceStatus) {
  const { floorId, user, visitor } = await mover(ctx, socket);
  const outcome = await ctx.engine.apply(floorId, { type: 'status', userId: user.id, status: activeStatus });
  if (outcome.error) throw refusal(outcome.error);
  const dto = toFloorUserDto(placeOfPerson(outcome.person!), user, true);
  if (outcome.changed) ctx.presence.changed(floorId, dto, false, visitor);
  return dto;
}
