import type { RedisClientType } from 'redis';
import type { ServerToClientEvents } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import type { IoServer, IoSocket } from '../../../realtime/types';
import type { FloorRoom } from '../room.model';
import { toRoomDto } from '../floor.dto';
import { FloorSweeper } from './floor-sweeper';
import { isConnected } from './live-context';
import { removeUser } from './floor-removal';
import { KeyedQueue } from './keyed-queue';
import type { LiveContext, RoomGate } from './live-context';
import { registerFloorHandlers } from './live.socket';
import { PresenceBatcher, PRESENCE_TICK_MS } from './presence-batcher';
import { RoomPasswordLimiter } from './room-password-limiter';
import { FloorScopedCache } from './live-cache';
import { invalidate, listenForInvalidations } from './live-invalidation';
import { FloorPasswordGate } from '../guests/floor-password';
import { accessLost } from './access-loss';
import type { TrustProxy } from '../../../http/trust-proxy';
import { FloorEngine } from './engine/floor-engine';
import { ClusterFloors } from './engine/cluster/cluster-floors';
import { registerPlaces } from './engine/places';
import { isVisitor } from '../outsider-policy';
import { profileChanged } from './profile-change';
import type { User } from '../../users/user.model';
import { sendSnapshot } from './floor-view';
import { moveTo } from './floor-moves';
import { permissionsOf } from './room-permissions';
import { floorChannel, teamOf } from './channels';

export interface FloorLiveDeps {
  models: Models;
  clock: Clock;
  logger: Logger;
  redis: RedisClientType | undefined;
  presenceTickMs?: number;
  /** TRUST_PROXY (none by default). */
  trustProxy?: TrustProxy;
  /** With Redis: the prefix of this deployment's floor leases and owner channels (its processes share it). */
  clusterKey?: string;
}

/**
 * The live floor over Socket.IO. `attach(io)` once the Socket.IO server
 * exists (it starts the sweeper); `register` is the per-socket handler list
 * entry; `sweep()` runs the clock work now (tests move a ManualClock and
 * call it); `close()` stops the timers.
 */
export function createFloorLive({
  models,
  clock,
  logger,
  redis,
  presenceTickMs = PRESENCE_TICK_MS,
  trustProxy = false,
  clusterKey = 'tsudoi',
}: FloorLiveDeps) {
  let server: IoServer | undefined;
  const io = () => {
    if (!server) throw new Error('the live floor is not attached to Socket.IO');
    return server;
  };
  /** The server to tell the other processes through (the Redis adapter: there are others only with Redis). */
  const others = () => (redis ? server : undefined);
  const presence = new PresenceBatcher(io, presenceTickMs);
  // this deployment's counters, under its namespace (deployments may share one Redis)
  const limits = redis && { client: redis, namespace: clusterKey };
  const floorPasswords = new FloorPasswordGate(limits);
  // alone, this process owns every floor in memory; with Redis each floor is owned by the process holding its lease
  const now = () => clock.now();
  const engine = redis
    ? new ClusterFloors({
        models,
        logger,
        now,
        redis,
        prefix: `${clusterKey}:live`,
        onTakeover: (floorId) => sendSnapshot(ctx, floorId),
      })
    : new FloorEngine(models, logger, now);
  registerPlaces(models, engine);
  const ctx: LiveContext = {
    models,
    clock,
    logger,
    io,
    presence,
    queue: new KeyedQueue(),
    sessions: new FloorScopedCache(),
    rooms: new FloorScopedCache(),
    roomRows: new FloorScopedCache(),
    profiles: new FloorScopedCache(),
    joinAccess: new FloorScopedCache(),
    participantCounts: new FloorScopedCache(),
    floorPasswords,
    trustProxy,
    engine,
    gates: { room: [], guestEntry: [], guestArrived: [], visitsOn: [], guestDismissed: [] },
    closing: false,
    roomGates: [],
  };
  presence.visitsOn = (floorId) => ctx.gates.visitsOn.some((visits) => visits(floorId));
  const limiter = new RoomPasswordLimiter(limits);
  const sweeper = new FloorSweeper(ctx);
  return {
    attach(ioServer: IoServer, sweepIntervalMs?: number) {
      server = ioServer;
      listenForInvalidations(ctx, ioServer);
      sweeper.start(sweepIntervalMs);
    },
    /** The floor password check, shared with join-guest (one count of wrong guesses). */
    floorPasswords,
    register: (socket: IoSocket) => registerFloorHandlers(ctx, limiter, logger, socket),
    /** Every room move, leave and floor close of this process (the media feature follows its peers through it). */
    watchPlaces: (watcher: Parameters<PresenceBatcher['watch']>[0]) => presence.watch(watcher),
    /** A rule for entering rooms (the stage feature keeps its room to a presentation's members). */
    gateRooms: (gate: RoomGate) => void ctx.roomGates.push(gate),
    sweep: () => sweeper.sweep(),
    /** A room was edited, locked or unlocked: everyone on its floor gets it (in their language, no password). */
    async roomChanged(room: FloorRoom) {
      invalidate(ctx, others(), { floorId: room.floorId, what: 'rooms' });
      if (!server) return;
      for (const s of await server.in(floorChannel(room.floorId)).fetchSockets())
        s.emit('floor:roomChanged', toRoomDto(room, s.data.locale, false));
    },
    /** The floor's own people (not its booked visitors) get another feature's news (today's events). */
    tellFloor<E extends keyof ServerToClientEvents>(
      floorId: number,
      event: E,
      ...args: Parameters<ServerToClientEvents[E]>
    ): void {
      const channel = server && teamOf(server, floorId);
      if (channel) (channel.emit as (e: string, ...a: unknown[]) => boolean).call(channel, event, ...args);
    },
    /** A participant's permissions changed or they were removed, or the floor was edited or deleted. */
    accessChanged(floorId: number) {
      invalidate(ctx, others(), { floorId, what: 'access' });
    },
    /**
     * A user lost a way onto floors (removed from a floor's participants or
     * from a team): taken off those they can no longer see (access-loss.ts).
     */
    accessLost: (userId: number, floorIds?: number[]) => accessLost(ctx, userId, floorIds),
    /** A person on these floors changed name or picture: everyone there gets them anew (profile-change.ts). */
    profileChanged: (user: Pick<User, 'id' | 'name' | 'avatarImageUrl'>, floorIds: Iterable<number>) =>
      profileChanged(ctx, others(), user, floorIds),
    /** Rules of other features on entering rooms and (for guests) the floor: see FloorGates. */
    gates: ctx.gates,
    /**
     * Moves someone already on the floor into a room as an accepted
     * invitation would (no room password; the gates see `invited`).
     * Null when they are not on the floor.
     */
    async moveUser(floorId: number, userId: number, roomId: number) {
      if (!(await engine.placeOf(floorId, userId))) return null;
      const [user, floor, participant] = await Promise.all([
        models.User.findByPk(userId),
        models.Floor.findByPk(floorId),
        models.FloorParticipant.findOne({ where: { floorId, userId } }),
      ]);
      if (!user || !floor) return null;
      const participantType = floor.hostId === userId ? 'HOST' : (participant?.type ?? 'EMPLOYEE');
      const permissions = permissionsOf({ canManage: false, me: participant });
      const who = { floorId, user, canManage: false, participantType, permissions, visitor: isVisitor(participant) };
      return moveTo(ctx, null, who, { roomId }, true);
    },
    /** Whether someone has a socket on the floor now (any server process). */
    isConnected: (floorId: number, userId: number) => isConnected(ctx, floorId, userId),
    /** Takes a user off a floor (their place, channels and sockets there; a booked visitor whose visit ended). */
    async removeFromFloor(floorId: number, userId: number) {
      const floor = await models.Floor.findByPk(floorId);
      if (floor) await removeUser(ctx, floor, userId);
    },
    /** Writes what the in-memory floors owe the database now (tests; the close path does it too). */
    flush: async () => engine.flushAll(),
    engine,
    async close() {
      ctx.closing = true;
      await sweeper.stop();
      await engine.close();
      presence.close();
    },
  };
}
export type FloorLive = ReturnType<typeof createFloorLive>;
