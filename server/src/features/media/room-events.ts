import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../lib/logger';
import type { RoomMedia } from './room-media';

/** A room's producers changed, or its router closed (nobody left, or its worker died): for the recorder. */
export interface RoomMediaEvent {
  roomId: number;
  kind: 'producers' | 'closed';
}

/** Who watches the rooms' media (the recorder): a watcher that throws is logged, the others still hear. */
export class RoomEvents {
  private readonly watchers = new Set<(event: RoomMediaEvent) => void>();

  constructor(private readonly logger: Logger) {}

  /** Calls `watcher` on every event from now on; returns the unwatch. */
  watch(watcher: (event: RoomMediaEvent) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  emit(event: RoomMediaEvent): void {
    for (const watcher of this.watchers) {
      try {
        watcher(event);
      } catch (err) {
        this.logger.warn({ err, roomId: event.roomId }, 'room media watcher failed');
      }
    }
  }
}

/** The refusal of a second sharer names the one sharing (someone in the same room, whose screen the caller sees). */
export async function screenTaken(models: Models, sharerSocketId: string, room: RoomMedia): Promise<AppError> {
  const sharer = room.peers.get(sharerSocketId);
  const user = sharer ? await models.User.findByPk(sharer.userId, { attributes: ['name'], paranoid: false }) : null;
  return new AppError('SCREEN_ALREADY_SHARED', { values: { name: user?.name ?? '?' } });
}
