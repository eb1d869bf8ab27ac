import type { FloorUserDto } from '@tsudoi/common';
import type { IoServer } from '../../../realtime/types';
import { floorChannel } from './live-context';

/** How long changes gather before one `floor:usersChanged` goes out per floor. */
export const PRESENCE_TICK_MS = 50;

/**
 * Presence fan-out batched per tick: changes are collected per floor (the
 * latest state of each user wins, a leave replaces it) and the first change
 * of a quiet floor starts a timer; when it fires, each floor with changes
 * gets exactly one event. No timer runs while nothing changes.
 */
/** A place change in this process: a user's room (null: left the floor); no userId means everyone on the floor left. */
export interface PlaceChange {
  floorId: number;
  userId?: number;
  roomId: number | null;
  connected: boolean;
}

export class PresenceBatcher {
  private readonly pending = new Map<number, Map<number, FloorUserDto | null>>();
  private timer: NodeJS.Timeout | undefined;
  /** Told of every change at once, before the batch (the media feature follows room moves through this). */
  private readonly watchers: ((change: PlaceChange) => void)[] = [];

  constructor(
    private readonly io: () => IoServer,
    private readonly tickMs = PRESENCE_TICK_MS,
  ) {}

  watch(watcher: (change: PlaceChange) => void): void {
    this.watchers.push(watcher);
  }

  changed(floorId: number, user: FloorUserDto): void {
    this.tell({ floorId, userId: user.userId, roomId: user.roomId, connected: user.connected });
    this.floor(floorId).set(user.userId, user);
    this.schedule();
  }

  left(floorId: number, userId: number): void {
    this.tell({ floorId, userId, roomId: null, connected: false });
    this.floor(floorId).set(userId, null);
    this.schedule();
  }

  /** Forgets what is pending for a floor (it closed: nobody is left to tell). */
  drop(floorId: number): void {
    this.tell({ floorId, roomId: null, connected: false });
    this.pending.delete(floorId);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const floors = [...this.pending];
    this.pending.clear();
    for (const [floorId, changes] of floors) {
      const users: FloorUserDto[] = [];
      const left: number[] = [];
      for (const [userId, user] of changes) {
        if (user) users.push(user);
        else left.push(userId);
      }
      this.io().to(floorChannel(floorId)).emit('floor:usersChanged', { floorId, users, left });
    }
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private tell(change: PlaceChange): void {
    for (const watcher of this.watchers) watcher(change);
  }

  private floor(floorId: number): Map<number, FloorUserDto | null> {
    let changes = this.pending.get(floorId);
    if (!changes) this.pending.set(floorId, (changes = new Map()));
    return changes;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), this.tickMs);
  }
}
