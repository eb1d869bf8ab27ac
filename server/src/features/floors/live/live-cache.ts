import { performance } from 'node:perf_hooks';
import type { ParticipantPermissions, ParticipantType, RoomType } from '@tsudoi/common';

/**
 * How long a cached session or room list is trusted without hearing of a
 * change: a backstop for changes nobody announces (a user renamed or leaving
 * their team) and for an invalidation lost between processes. Every expiry
 * costs a socket its full check again (4 queries): at 10 s, 1000 sockets
 * re-checked 100 times a second and starved the moves (bench, scenario B).
 */
export const LIVE_CACHE_TTL_MS = 60_000;

/** What a move needs to know about its caller: checked in full (onFloor) once, then cached per socket. */
export interface Mover {
  floorId: number;
  user: { id: number; name: string; avatarImageUrl: string | null };
  canManage: boolean;
  participantType: ParticipantType;
  /** The caller's permission flags (room-permissions.ts): which restricted rooms they may enter. */
  permissions: ParticipantPermissions;
  /** A booked visitor: kept to the lobby and the rooms their booking opens (outsider-policy.ts). */
  visitor: boolean;
}

/** What a move needs to know about a room. */
export interface RoomMeta {
  id: number;
  /** The room's fixed number (its area, and its default name and type: ROOMS). */
  number: number;
  /** Its type now (effectiveRoomType: the host's or its number's): the permission it asks for (room-permissions.ts). */
  type: RoomType | null;
  seat: number;
  locked: boolean;
  password: string | null;
  lockedBy: number | null;
}

interface Entry<V> {
  floorId: number;
  epoch: number;
  at: number;
  value: V;
}

/**
 * Values that belong to one floor each (a socket's session, a floor's rooms).
 * `dropFloor` makes every value of a floor stale at once, including one whose
 * load was under way when the floor was dropped (it is answered, not kept);
 * `delete` forgets one key. Values also expire after `ttlMs`.
 */
export class FloorScopedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, { floorId: number; epoch: number; value: Promise<V> }>();
  private readonly epochs = new Map<number, number>();
  private stores = 0;

  constructor(
    private readonly ttlMs = LIVE_CACHE_TTL_MS,
    private readonly now = () => performance.now(),
  ) {}

  get(key: K, floorId: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.fresh(entry, floorId)) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The cached value, or `load()` (one load at a time per key and floor epoch). */
  through(key: K, floorId: number, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key, floorId);
    if (hit !== undefined) return Promise.resolve(hit);
    const epoch = this.epoch(floorId);
    const running = this.loading.get(key);
    if (running && running.floorId === floorId && running.epoch === epoch) return running.value;
    const at = this.now();
    const value = load().then(
      (v) => {
        if (this.loading.get(key)?.value === value) this.loading.delete(key);
        if (this.epoch(floorId) === epoch) this.store(key, { floorId, epoch, at, value: v });
        return v;
      },
      (error: unknown) => {
        if (this.loading.get(key)?.value === value) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, { floorId, epoch, value });
    return value;
  }

  /** The floor's epoch now: `prime` with it after a load keeps the value only if the floor was not dropped since. */
  epoch(floorId: number): number {
    return this.epochs.get(floorId) ?? 0;
  }

  /** Stores a value loaded elsewhere (see `epoch`). */
  prime(key: K, floorId: number, value: V, epoch: number, at = this.now()): void {
    if (this.epoch(floorId) === epoch) this.store(key, { floorId, epoch, at, value });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  dropFloor(floorId: number): void {
    this.epochs.set(floorId, this.epoch(floorId) + 1);
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(entry: Entry<V>, floorId: number): boolean {
    return entry.floorId === floorId && entry.epoch === this.epoch(floorId) && this.now() - entry.at <= this.ttlMs;
  }

  /** Stores, and now and then forgets what expired (floors nobody moves on any more). */
  private store(key: K, entry: Entry<V>): void {
    this.entries.set(key, entry);
    if (++this.stores % 256 !== 0) return;
    for (const [k, e] of this.entries) if (!this.fresh(e, e.floorId)) this.entries.delete(k);
  }
}
