import type { Logger } from '../../lib/logger';
import type { WorkerPool } from '../../media/worker-pool';
import { AppError } from '../../http/app-error';
import { MEDIA_CODECS } from './codecs';
import { RoomMedia } from './room-media';
import type { RoomRouter } from './room-router';
import { RoomSpeaking } from './room-speaking';

/** Peers one router of a room carries before the room gets another router on another worker (MEDIA_PEERS_PER_ROUTER). */
export const PEERS_PER_ROUTER = 25;

/**
 * The routers of the rooms that carry media in this process: created on a
 * worker when the first peer joins (creation shared by joiners arriving at
 * once), closed when the last peer leaves or its worker dies (`onLost`).
 * A room with more than `peersPerRouter` peers gets another router, on the
 * least loaded worker it does not use yet; its producers reach the other
 * routers through pipeToRouter (one presenter to a hall of viewers spreads
 * over the cores).
 */
export class MediaRooms {
  private readonly live = new Map<number, RoomMedia>();
  private readonly creating = new Map<number, Promise<RoomMedia>>();
  /** Rooms already lost with a worker (a room on two workers that both die is lost once). */
  private readonly lost = new WeakSet<RoomMedia>();

  constructor(
    private readonly pool: WorkerPool,
    private readonly logger: Logger,
    private readonly onLost: (room: RoomMedia) => void,
    private readonly peersPerRouter = PEERS_PER_ROUTER,
  ) {}

  /** The router a new peer's transports go on: the least busy with room left, else a new one. */
  async place(room: RoomMedia): Promise<RoomRouter> {
    for (;;) {
      if (room.closed) throw new AppError('MEDIA_NOT_JOINED');
      const [open] = room.routers
        .filter((r) => !r.router.closed && r.peers < this.peersPerRouter)
        .sort((a, b) => a.peers - b.peers);
      if (open) {
        open.peers += 1;
        return open;
      }
      room.growing ??= this.grow(room).finally(() => (room.growing = undefined));
      await room.growing;
    }
  }

  /** A peer left its router: a secondary router nobody uses any more closes. */
  unplace(room: RoomMedia, home: RoomRouter): void {
    home.peers = Math.max(0, home.peers - 1);
    if (home.peers === 0 && home !== room.routers[0]) room.drop(home);
  }

  async get(roomId: number): Promise<RoomMedia> {
    const room = this.live.get(roomId);
    if (room && !room.closed) return room;
    let pending = this.creating.get(roomId);
    if (!pending) {
      pending = this.create(roomId).finally(() => this.creating.delete(roomId));
      this.creating.set(roomId, pending);
    }
    return pending;
  }

  /** Closes a room's routers once nobody is left in it. */
  release(room: RoomMedia): void {
    if (room.peers.size > 0 || room.closed) return;
    for (const extra of room.routers.slice(1)) room.drop(extra);
    room.router.close();
    this.forget(room);
  }

  /** The room's media when it has a live router in this process (recording). */
  peek(roomId: number): RoomMedia | undefined {
    const room = this.live.get(roomId);
    return room && !room.closed ? room : undefined;
  }

  /** Rooms with a router in this process. */
  get size(): number {
    return this.live.size;
  }

  /** A worker of the room died: the room is lost (its peers join again, on fresh routers). */
  private lose(room: RoomMedia): void {
    if (this.lost.has(room)) return;
    this.lost.add(room);
    this.forget(room);
    this.onLost(room);
  }

  /** Another router for a room that outgrew its routers, on a worker it does not use yet where one runs. */
  private async grow(room: RoomMedia): Promise<RoomRouter> {
    let created;
    try {
      created = await this.pool.createRouter(MEDIA_CODECS, new Set(room.routers.map((r) => r.slot.index)));
    } catch (err) {
      this.logger.error({ err, roomId: room.roomId }, 'no further router for a media room');
      throw new AppError('MEDIA_UNAVAILABLE');
    }
    const added: RoomRouter = { router: created.router, slot: created.slot, peers: 0 };
    created.router.on('workerclose', () => this.lose(room));
    if (room.closed) {
      created.router.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    room.routers.push(added);
    this.logger.info(
      { roomId: room.roomId, routers: room.routers.length, worker: created.slot.index },
      'media room spread to another router',
    );
    return added;
  }

  private forget(room: RoomMedia): void {
    if (this.live.get(room.roomId) === room) this.live.delete(room.roomId);
  }

  private async create(roomId: number): Promise<RoomMedia> {
    let created;
    try {
      created = await this.pool.createRouter(MEDIA_CODECS);
    } catch (err) {
      this.logger.error({ err, roomId }, 'no router for a media room');
      throw new AppError('MEDIA_UNAVAILABLE');
    }
    const room = new RoomMedia(roomId, { router: created.router, slot: created.slot, peers: 0 });
    created.router.on('workerclose', () => this.lose(room));
    try {
      room.speaking = await RoomSpeaking.create(created.router, (userIds) => room.announceSpeakers(userIds));
    } catch (err) {
      // the room still carries media; only the speaking rings are missing
      if (!created.router.closed) this.logger.warn({ err, roomId }, 'no speaking observer for a media room');
    }
    this.live.set(roomId, room);
    return room;
  }
}
