import type { ErrorCode, ParticipantType, PresenceStatus } from '@tsudoi/common';

/**
 * The authoritative state of one live floor, as a pure copy-on-write
 * reducer: `reduce(state, command)` never changes `state`, it answers a new
 * one (sharing what did not change) or the same object when nothing changed.
 *
 * A person is a user with a place on the floor (a row of floor_users): the
 * room, the seat, the participant type, the presence status, and the
 * sockets of theirs on the floor (keyed by socket id: a user may have
 * several windows; "connected" means at least one). The product places
 * people on seats of rooms, not at free coordinates, so the "position" of a
 * person is their (room, seat).
 */
export interface Person {
  readonly userId: number;
  readonly roomId: number;
  readonly seat: number;
  readonly participantType: ParticipantType;
  readonly status: PresenceStatus;
  readonly sockets: readonly string[];
}

export interface FloorState {
  readonly floorId: number;
  /** Bumped by every change: the fan-out's batches are versioned with it. */
  readonly version: number;
  readonly people: ReadonlyMap<number, Person>;
  /** `${roomId}:${seat}` → userId: who sits where. */
  readonly seats: ReadonlyMap<string, number>;
  /** socket id → userId. */
  readonly sockets: ReadonlyMap<string, number>;
  readonly closed: boolean;
}

/** What a move needs of its room: its id and number of seats. */
export interface RoomSeats {
  readonly id: number;
  readonly seat: number;
}

export type Command =
  /**
   * A socket enters: its user keeps their place, or gets the room's first
   * free seat. `limit`: how many people may be there at once (connected:
   * someone who closed the window keeps their place but does not count); a
   * user not connected yet is refused FLOOR_FULL when that many are.
   */
  | {
      type: 'enter';
      userId: number;
      socketId: string;
      participantType: ParticipantType;
      room: RoomSeats;
      status?: PresenceStatus;
      limit?: number;
    }
  /** A socket went (its user keeps their place, shown disconnected when it was the last one). */
  | { type: 'disconnect'; socketId: string }
  /**
   * A move to a room (the product's positions are rooms and seats): to
   * `seat`, or the room's first free seat. The room comes with the command
   * as it is now (its seats are checked against it), so nothing is held
   * per room here and a room edit needs no command.
   */
  | { type: 'move'; userId: number; room: RoomSeats; seat?: number | undefined }
  | { type: 'status'; userId: number; status: PresenceStatus }
  /** The user's place goes (left, kicked out, lost access). */
  | { type: 'remove'; userId: number }
  /** The floor ended: everyone's place goes. */
  | { type: 'close' };

export interface Outcome {
  state: FloorState;
  /** Refused: the state is unchanged. */
  error?: ErrorCode;
  /** The person the command was about, after it (undefined when they have no place). */
  person?: Person | undefined;
  /** Whether anything changed. */
  changed: boolean;
}

export const seatKey = (roomId: number, seat: number) => `${roomId}:${seat}`;

/** A floor's state from its places (rebuilt from the database: nobody is connected yet). */
export function initialState(
  floorId: number,
  places: readonly Omit<Person, 'sockets'>[] = [],
  version = 0,
): FloorState {
  const people = new Map<number, Person>();
  const seats = new Map<string, number>();
  for (const p of places) {
    people.set(p.userId, { ...p, sockets: [] });
    seats.set(seatKey(p.roomId, p.seat), p.userId);
  }
  return { floorId, version, people, seats, sockets: new Map(), closed: false };
}

/** The first free seat of a room (1..room.seat), or undefined when it is full. */
export function freeSeatOf(state: FloorState, room: RoomSeats): number | undefined {
  for (let seat = 1; seat <= room.seat; seat++) if (!state.seats.has(seatKey(room.id, seat))) return seat;
  return undefined;
}

export const isConnected = (person: Person | undefined) => (person?.sockets.length ?? 0) > 0;

/** How many people are there: connected with at least one socket. */
export function presentCount(state: FloorState): number {
  let present = 0;
  for (const person of state.people.values()) if (isConnected(person)) present += 1;
  return present;
}

const unchanged = (state: FloorState, person?: Person): Outcome => ({ state, person, changed: false });
const refused = (state: FloorState, error: ErrorCode, person?: Person): Outcome => ({
  state,
  error,
  person,
  changed: false,
});

/** The state with `person` put (and its seat moved); `from` is the person before, if any. */
function put(state: FloorState, person: Person, from: Person | undefined, sockets = state.sockets): FloorState {
  const people = new Map(state.people);
  people.set(person.userId, person);
  let seats = state.seats;
  if (!from || from.roomId !== person.roomId || from.seat !== person.seat) {
    const next = new Map(seats);
    if (from) next.delete(seatKey(from.roomId, from.seat));
    next.set(seatKey(person.roomId, person.seat), person.userId);
    seats = next;
  }
  return { ...state, version: state.version + 1, people, seats, sockets };
}

export function reduce(state: FloorState, command: Command): Outcome {
  if (state.closed) return refused(state, 'FLOOR_NOT_JOINED');
  switch (command.type) {
    case 'enter': {
      const before = state.people.get(command.userId);
      if (command.limit !== undefined && !isConnected(before) && presentCount(state) >= command.limit)
        return refused(state, 'FLOOR_FULL', before);
      const sockets = new Map(state.sockets);
      sockets.set(command.socketId, command.userId);
      if (before) {
        if (before.sockets.includes(command.socketId)) return unchanged(state, before);
        const person = { ...before, sockets: [...before.sockets, command.socketId] };
        return { state: put(state, person, before, sockets), person, changed: true };
      }
      const seat = freeSeatOf(state, command.room);
      if (seat === undefined) return refused(state, 'ROOM_FULL');
      const person: Person = {
        userId: command.userId,
        roomId: command.room.id,
        seat,
        participantType: command.participantType,
        status: command.status ?? 'available',
        sockets: [command.socketId],
      };
      return { state: put(state, person, undefined, sockets), person, changed: true };
    }
    case 'disconnect': {
      const userId = state.sockets.get(command.socketId);
      if (userId === undefined) return unchanged(state);
      const sockets = new Map(state.sockets);
      sockets.delete(command.socketId);
      const before = state.people.get(userId);
      if (!before) return { state: { ...state, sockets }, changed: false };
      const person = { ...before, sockets: before.sockets.filter((s) => s !== command.socketId) };
      return { state: put(state, person, before, sockets), person, changed: true };
    }
    case 'move': {
      const before = state.people.get(command.userId);
      if (!before) return refused(state, 'FLOOR_NOT_JOINED');
      const { room, seat: asked } = command;
      if (before.roomId === room.id && (asked === undefined || asked === before.seat)) return unchanged(state, before);
      if (asked !== undefined && (asked < 1 || asked > room.seat)) return refused(state, 'BAD_REQUEST', before);
      const seat = asked ?? freeSeatOf(state, room);
      if (seat === undefined) return refused(state, 'ROOM_FULL', before);
      if (state.seats.has(seatKey(room.id, seat))) return refused(state, 'SEAT_TAKEN', before);
      const person = { ...before, roomId: room.id, seat };
      return { state: put(state, person, before), person, changed: true };
    }
    case 'status': {
      const before = state.people.get(command.userId);
      if (!before) return refused(state, 'FLOOR_NOT_JOINED');
      if (before.status === command.status) return unchanged(state, before);
      const person = { ...before, status: command.status };
      return { state: put(state, person, before), person, changed: true };
    }
    case 'remove': {
      const before = state.people.get(command.userId);
      if (!before) return unchanged(state);
      const people = new Map(state.people);
      people.delete(command.userId);
      const seats = new Map(state.seats);
      seats.delete(seatKey(before.roomId, before.seat));
      const sockets = new Map(state.sockets);
      for (const s of before.sockets) sockets.delete(s);
      return { state: { ...state, version: state.version + 1, people, seats, sockets }, changed: true };
    }
    case 'close':
      return {
        state: { ...initialState(state.floorId, [], state.version + 1), closed: true },
        changed: state.people.size > 0,
      };
  }
}
