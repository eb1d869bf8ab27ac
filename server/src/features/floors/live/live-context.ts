import type { FloorAccess } from '../floor-access';
import type { FloorUserDto, ParticipantType } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import type { IoServer } from '../../../realtime/types';
import type { User } from '../../users/user.model';
import type { FloorRoom } from '../room.model';
import type { PresenceBatcher } from './presence-batcher';
import type { FloorUser } from './live.models';
import type { KeyedQueue } from './keyed-queue';
import type { FloorScopedCache, Mover, RoomMeta } from './live-cache';
import type { TrustProxy } from '../../../http/trust-proxy';
import type { FloorPasswordGate } from '../guests/floor-password';
import type { LiveFloors } from './engine/live-floors';
import { floorChannel, userChannel } from './channels';

/** A room move about to happen: a gate throws its AppError to refuse it. */
export interface RoomEntry {
  floorId: number;
  userId: number;
  canManage: boolean;
  participantType: ParticipantType;
  roomId: number;
  /** The move answers an accepted room invitation (or an admission). */
  invited: boolean;
  /** The mover is a booked visitor (outsider-policy.ts). */
  visitor: boolean;
  /** The room's fixed number (1 is the entrance: the visitors' lobby). */
  roomNumber: number;
}

/**
 * Checks other features add to the live floor (issue 16: a booked room is
 * held for its visit; an appointment guest enters only during it). Each
 * throws its AppError to refuse; they run in the order added. A room gate
 * answers 'granted' when its feature lets this person in (a booking's owner
 * and its admitted guest): the room's permission flag is then not asked.
 */
export type RoomGateAnswer = void | 'granted';

export interface FloorGates {
  room: ((entry: RoomEntry) => RoomGateAnswer | Promise<RoomGateAnswer>)[];
  /** A guest session's floor:joinOffice (join-guest's rules again, for a session still held). */
  guestEntry: ((floorId: number, userId: number) => Promise<void>)[];
  /**
   * A guest session has just arrived on the floor (placed, not a second tab
   * of someone already there): issue 16, the booking's host is told. Not a
   * check: a failure is logged and the join goes on.
   */
  guestArrived: ((floorId: number, userId: number) => Promise<void>)[];
  /**
   * Whether a floor may have booked visitors on it now (the visits feature:
   * a booking with a guest runs there). Presence then also goes to the
   * visitors, each shown only their own room (visitor-view.ts).
   */
  visitsOn: ((floorId: number) => boolean)[];
  /** A host dismissed a guest (floor:dismissGuest): their invitation to the floor ends (participants feature). */
  guestDismissed: ((floorId: number, userId: number) => Promise<void>)[];
}

/** What every part of the live floor shares: models, clock, the Socket.IO server and the presence batcher. */
/** What a floor shows of a person besides their place. */
export type Profile = Pick<User, 'name' | 'avatarImageUrl'>;

export interface LiveContext {
  models: Models;
  clock: Clock;
  logger: Logger;
  io(): IoServer;
  presence: PresenceBatcher;
  /** One change at a time per user on a floor (key: userChannel). */
  queue: KeyedQueue;
  /** Per socket (key: socket id): what its moves need to know about the caller (floor-session `mover`). */
  sessions: FloorScopedCache<string, Mover>;
  /** Per floor (key: floor id): its rooms as moves need them (floor-session `roomOf`). */
  rooms: FloorScopedCache<number, Map<number, RoomMeta>>;
  /** Per floor: its room rows as a join answers them (dropped with `rooms`: an edit, a lock). */
  roomRows: FloorScopedCache<number, FloorRoom[]>;
  /** Per floor: the names and pictures of the people a join has shown (dropped with `sessions`: a profile change). */
  profiles: FloorScopedCache<number, Map<number, Profile>>;
  /**
   * Per floor and person (key `floorId:userId:` and what the rule reads of the account): what a join checks of them (floor-access `viewFloor`: the
   * floor, their participant row, whether they manage it), so a reconnect storm does not read the same rows
   * again for every socket. Dropped with `sessions` ('access': a participant's permissions or removal, the
   * floor edited or deleted), as a move's cached caller is.
   */
  joinAccess: FloorScopedCache<string, FloorAccess>;
  /** Per floor: how many participants it has (the join's floor card); dropped with `sessions`. */
  participantCounts: FloorScopedCache<number, number>;
  /** The floor password on joinOffice (wrong ones counted). */
  floorPasswords: FloorPasswordGate;
  /** Who may name a socket's client address in X-Forwarded-For (the floor password counts per address). */
  trustProxy: TrustProxy;
  /**
   * The authoritative in-memory floors (engine/): FloorEngine when this
   * process is the only one, ClusterFloors with Redis (each floor owned by
   * one process). The database is written behind.
   */
  engine: LiveFloors;
  /** Rules of other features on entering a room or the floor (see FloorGates). */
  gates: FloorGates;
  /** Set when this process shuts down: its sockets go, but their users are not leaving the floor. */
  closing: boolean;
  /** Other features' rules for entering a room (the stage: only through its presentation); each throws to refuse. */
  roomGates: RoomGate[];
}

/**
 * A rule for a move of `userId` into `room` on `floorId`: refuses with an
 * AppError (thrown or rejected). It answers undefined at once for rooms it
 * does not look at, so that moves elsewhere keep their order (no await).
 */
export type RoomGate = (
  floorId: number,
  userId: number,
  room: Pick<RoomMeta, 'id' | 'number' | 'type'>,
) => Promise<void> | undefined;

/** The user ids with at least one socket on the floor (across every server process). */
export async function connectedUsers(ctx: LiveContext, floorId: number): Promise<Set<number>> {
  const sockets = await ctx.io().in(floorChannel(floorId)).fetchSockets();
  return new Set(sockets.map((s) => s.data.userId).filter((id): id is number => typeof id === 'number'));
}

export async function isConnected(ctx: LiveContext, floorId: number, userId: number): Promise<boolean> {
  return (await ctx.io().in(userChannel(floorId, userId)).fetchSockets()).length > 0;
}

export function toFloorUserDto(
  row: Pick<FloorUser, 'userId' | 'roomId' | 'seat' | 'participantType' | 'activeStatus'>,
  user: Pick<User, 'name' | 'avatarImageUrl'>,
  connected: boolean,
) {
  return {
    userId: row.userId,
    name: user.name,
    avatarImageUrl: user.avatarImageUrl ?? null,
    roomId: row.roomId,
    seat: row.seat,
    participantType: row.participantType,
    activeStatus: row.activeStatus,
    connected,
  } satisfies FloorUserDto;
}

/**
 * Writes one enter or leave to the participant log at the clock's time, with
 * the floor's next write-behind batch (flushed with the join or leave that
 * logs it).
 */
export async function logPresence(
  ctx: LiveContext,
  floor: { id: number; companyId: number },
  userId: number,
  type: 'enter' | 'leave',
  roomId: number | null,
): Promise<void> {
  await ctx.engine.log(floor.id, {
    companyId: floor.companyId,
    floorId: floor.id,
    userId,
    type,
    roomId,
    at: ctx.clock.now(),
  });
}
