import type { Logger } from '../../lib/logger';
import type { WorkerPool } from '../../media/worker-pool';
import { AppError } from '../../http/app-error';
import { MEDIA_CODECS } from './codecs';
import { RoomMedia } from './room-media';
import { RoomSpeaking } from './room-speaking';

/**
 * The routers of the rooms that carry media in this process: created on a
 * worker when the first peer joins (creation shared by joiners arriving at
 * once), closed when the last peer leaves or its worker dies (`onLost`).
 */
export class MediaRooms {
  private readonly live = new Map<number, RoomMedia>();
  private readonly creating = new Map<number, Promise<RoomMedia>>();

  constructor(
    private readonly pool: WorkerPool,
    private readonly logger: Logger,
    private readonly onLost: (room: RoomMedia) => void,
  ) {}

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

  /** Closes a room's router once nobody is left in it. */
  release(room: RoomMedia): void {
    if (room.peers.size > 0 || room.closed) return;
    room.router.close();
    this.forget(room);
  }

  /** Rooms with a router in this process. */
  get size(): number {
    return this.live.size;
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
    const room = new RoomMedia(roomId, created.router, created.slot);
    created.router.on('workerclose', () => {
      this.forget(room);
      this.onLost(room);
    });
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
