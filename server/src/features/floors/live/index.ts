import type { RedisClientType } from 'redis';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import type { IoServer, IoSocket } from '../../../realtime/types';
import type { FloorRoom } from '../room.model';
import { toRoomDto } from '../floor.dto';
import { FloorSweeper } from './floor-sweeper';
import { floorChannel } from './live-context';
import { KeyedQueue } from './keyed-queue';
import type { LiveContext } from './live-context';
import { registerFloorHandlers } from './live.socket';
import { PresenceBatcher, PRESENCE_TICK_MS } from './presence-batcher';
import { RoomPasswordLimiter } from './room-password-limiter';
import { FloorScopedCache } from './live-cache';
import { invalidate, listenForInvalidations } from './live-invalidation';
import { FloorPasswordGate } from '../guests/floor-password';

export interface FloorLiveDeps {
  models: Models;
  clock: Clock;
  logger: Logger;
  redis: RedisClientType | undefined;
  presenceTickMs?: number;
}

/**
 * The live floor over Socket.IO. `attach(io)` once the Socket.IO server
 * exists (it starts the sweeper); `register` is the per-socket handler list
 * entry; `sweep()` runs the clock work now (tests move a ManualClock and
 * call it); `close()` stops the timers.
 */
export function createFloorLive({ models, clock, logger, redis, presenceTickMs = PRESENCE_TICK_MS }: FloorLiveDeps) {
  let server: IoServer | undefined;
  const io = () => {
    if (!server) throw new Error('the live floor is not attached to Socket.IO');
    return server;
  };
  /** The server to tell the other processes through (the Redis adapter: there are others only with Redis). */
  const others = () => (redis ? server : undefined);
  const presence = new PresenceBatcher(io, presenceTickMs);
  const floorPasswords = new FloorPasswordGate(redis);
  const ctx: LiveContext = {
    models,
    clock,
    logger,
    io,
    presence,
    queue: new KeyedQueue(),
    sessions: new FloorScopedCache(),
    rooms: new FloorScopedCache(),
    floorPasswords,
    closing: false,
  };
  const limiter = new RoomPasswordLimiter(redis);
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
    sweep: () => sweeper.sweep(),
    /** A room was edited, locked or unlocked: everyone on its floor gets it (in their language, no password). */
    async roomChanged(room: FloorRoom) {
      invalidate(ctx, others(), { floorId: room.floorId, what: 'rooms' });
      if (!server) return;
      for (const s of await server.in(floorChannel(room.floorId)).fetchSockets())
        s.emit('floor:roomChanged', toRoomDto(room, s.data.locale, false));
    },
    /** A participant's permissions changed or they were removed, or the floor was edited or deleted. */
    accessChanged(floorId: number) {
      invalidate(ctx, others(), { floorId, what: 'access' });
    },
    async close() {
      ctx.closing = true;
      await sweeper.stop();
      presence.close();
    },
  };
}
export type FloorLive = ReturnType<typeof createFloorLive>;
