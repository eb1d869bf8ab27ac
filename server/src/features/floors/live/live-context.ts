import type { FloorUserDto } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import type { IoServer } from '../../../realtime/types';
import type { User } from '../../users/user.model';
import type { PresenceBatcher } from './presence-batcher';
import type { FloorUser } from './live.models';
import type { KeyedQueue } from './keyed-queue';
import type { FloorScopedCache, Mover, RoomMeta } from './live-cache';
import type { FloorPasswordGate } from '../guests/floor-password';

/** What every part of the live floor shares: models, clock, the Socket.IO server and the presence batcher. */
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
  /** The floor password on joinOffice (wrong ones counted). */
  floorPasswords: FloorPasswordGate;
  /** Set when this process shuts down: its sockets go, but their users are not leaving the floor. */
  closing: boolean;
}

/** Every socket on a floor is in its floor channel and in the channel of its user on that floor. */
export const floorChannel = (floorId: number) => `floor:${floorId}`;
export const userChannel = (floorId: number, userId: number) => `floor:${floorId}:user:${userId}`;

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

/** Writes one enter or leave to the participant log at the clock's time. */
export async function logPresence(
  ctx: LiveContext,
  floor: { id: number; companyId: number },
  userId: number,
  type: 'enter' | 'leave',
  roomId: number | null,
): Promise<void> {
  await ctx.models.ParticipantLog.create({
    companyId: floor.companyId,
    floorId: floor.id,
    userId,
    type,
    roomId,
    at: ctx.clock.now(),
  });
}
