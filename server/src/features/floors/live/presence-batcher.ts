import type { FloorUserDto, MovedTuple } from '@tsudoi/common';
import type { IoServer } from '../../../realtime/types';
import { tellVisitors, type ViewChange } from './visitor-view';

import { performance } from 'node:perf_hooks';
import { hiddenChannel, floorChannel, visitorsChannel } from './channels';

/** The longest changes of a floor gather before one `floor:usersChanged` goes out (the window under load). */
export const PRESENCE_TICK_MS = 50;
/** The shortest window: changes that come within it still go together. */
export const PRESENCE_MIN_TICK_MS = 5;
/** Changes per second (this process) that make the window 1 ms longer: 10 000/s (20 busy floors) reach 50 ms. */
const CHANGES_PER_MS = 200;

/**
 * Adaptive presence fan-out, per floor. A change on a quiet floor (no
 * batch out within the current window) goes out at once (on the next turn
 * of the event loop, so changes of the same instant travel together);
 * under load, changes gather for a window between PRESENCE_MIN_TICK_MS and
 * the tick (50 ms), longer as this process's change rate grows (one batch
 * costs a write per socket of the floor: the window bounds those writes per
 * second, while a quiet floor pays no delay). The latest state of each user
 * wins within a batch, a leave replaces it; every batch carries the floor's
 * running batch number (`version`). No timer runs while nothing changes.
 */
/** A place change in this process: a user's room (null: left the floor); no userId means everyone on the floor left. */
export interface PlaceChange {
  floorId: number;
  userId?: number;
  roomId: number | null;
  connected: boolean;
}

interface Pending {
  user: FloorUserDto;
  full: boolean;
  visitor: boolean;
}

export class PresenceBatcher {
  /** Per floor and user: the latest state, whether it must go in full (an arrival) and is a visitor's, or null (left). */
  private readonly pending = new Map<number, Map<number, Pending | null>>();
  private readonly timers = new Map<number, NodeJS.Timeout | 'soon'>();
  /** When each floor's last batch went out (performance.now). */
  private readonly sentAt = new Map<number, number>();
  /** Batches sent per floor (the `version` of the next one is this + 1). */
  private readonly versions = new Map<number, number>();
  /** Told of every change at once, before the batch (the media feature follows room moves through this). */
  private readonly watchers: ((change: PlaceChange) => void)[] = [];
  /** This process's change rate (per second, smoothed) and the count since it was last taken. */
  private rate = 0;
  private counted = 0;
  private countedSince = performance.now();
  /** Whether a floor may have booked visitors now (they get their own view: visitor-view.ts). */
  visitsOn: (floorId: number) => boolean = () => false;

  constructor(
    private readonly io: () => IoServer,
    private readonly tickMs = PRESENCE_TICK_MS,
    private readonly now = () => performance.now(),
  ) {}

  watch(watcher: (change: PlaceChange) => void): void {
    this.watchers.push(watcher);
  }

  /**
   * A user's new state. `full`: others may not know them yet (they arrived):
   * sent whole; otherwise as a compact tuple (`moved`) unless an arrival of
   * theirs is still in the batch.
   */
  changed(floorId: number, user: FloorUserDto, full = false, visitor = false): void {
    this.tell({ floorId, userId: user.userId, roomId: user.roomId, connected: user.connected });
    const changes = this.floor(floorId);
    changes.set(user.userId, { user, full: full || changes.get(user.userId)?.full === true, visitor });
    this.schedule(floorId);
  }

  left(floorId: number, userId: number): void {
    this.tell({ floorId, userId, roomId: null, connected: false });
    this.floor(floorId).set(userId, null);
    this.schedule(floorId);
  }

  /** Forgets what is pending for a floor (it closed: nobody is left to tell). */
  drop(floorId: number): void {
    this.tell({ floorId, roomId: null, connected: false });
    this.pending.delete(floorId);
    this.cancel(floorId);
  }

  /** The batch window now (ms): PRESENCE_MIN_TICK_MS when quiet, up to the tick under load. */
  window(): number {
    const t = this.now();
    const elapsed = t - this.countedSince;
    if (elapsed >= 250) {
      this.rate = this.rate / 2 + (this.counted * 1000) / elapsed / 2;
      this.counted = 0;
      this.countedSince = t;
    }
    return Math.min(this.tickMs, Math.max(PRESENCE_MIN_TICK_MS, this.rate / CHANGES_PER_MS));
  }

  /** Sends every floor's pending batch now. */
  flush(): void {
    for (const floorId of [...this.pending.keys()]) this.flushFloor(floorId);
  }

  flushFloor(floorId: number): void {
    this.cancel(floorId);
    const changes = this.pending.get(floorId);
    if (!changes) return;
    this.pending.delete(floorId);
    const users: FloorUserDto[] = [];
    const moved: MovedTuple[] = [];
    const left: number[] = [];
    const present: ViewChange[] | null = this.visitsOn(floorId) ? [] : null;
    for (const [userId, change] of changes) {
      if (change) present?.push(change);
      if (!change) left.push(userId);
      else if (change.full) users.push(change.user);
      else {
        const u = change.user;
        moved.push([userId, u.roomId, u.seat, u.activeStatus, u.connected ? 1 : 0]);
      }
    }
    const version = (this.versions.get(floorId) ?? 0) + 1;
    this.versions.set(floorId, version);
    this.sentAt.set(floorId, this.now());
    const io = this.io();
    io.to(floorChannel(floorId))
      .except([hiddenChannel(floorId), visitorsChannel(floorId)])
      .emit('floor:usersChanged', { floorId, users, moved, left, version });
    if (present) tellVisitors(io, floorId, present, left);
  }

  close(): void {
    for (const floorId of [...this.timers.keys()]) this.cancel(floorId);
    this.pending.clear();
  }

  private tell(change: PlaceChange): void {
    for (const watcher of this.watchers) watcher(change);
  }

  private floor(floorId: number): Map<number, Pending | null> {
    let changes = this.pending.get(floorId);
    if (!changes) this.pending.set(floorId, (changes = new Map()));
    return changes;
  }

  private cancel(floorId: number): void {
    const timer = this.timers.get(floorId);
    if (timer !== undefined && timer !== 'soon') clearTimeout(timer);
    this.timers.delete(floorId);
  }

  private schedule(floorId: number): void {
    this.counted++;
    if (this.timers.has(floorId)) return;
    const wait = (this.sentAt.get(floorId) ?? -Infinity) + this.window() - this.now();
    if (wait <= 0) {
      // quiet: out on the next turn of the event loop
      this.timers.set(floorId, 'soon');
      setImmediate(() => {
        if (this.timers.get(floorId) === 'soon') this.flushFloor(floorId);
      });
    } else
      this.timers.set(
        floorId,
        setTimeout(() => this.flushFloor(floorId), wait),
      );
  }
}
