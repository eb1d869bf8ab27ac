import type { Models } from '../../../../db/models';
import type { Logger } from '../../../../lib/logger';
import { initialState, reduce, seatKey, type Command, type FloorState, type Outcome, type Person } from './floor-state';
import type { Transaction } from 'sequelize';
import type { RawDb } from '../../../../db/raw-db';
import type { LiveFloors } from './live-floors';
import { isEmpty, nothingPending, writeBatch, WRITE_BEHIND_MS, type LogEntry, type Pending } from './write-behind';

/**
 * What an owner among several processes adds (cluster/): the floor claimed
 * for its token before it is read, and every batch written fenced.
 */
export interface EngineHooks {
  beforeLoad(floorId: number): Promise<void>;
  write(floorId: number, write: (db: RawDb, transaction: Transaction) => Promise<void>): Promise<void>;
  writeFailed(floorId: number, err: unknown): void;
}

/** One loaded floor: its state, and what it still owes the database. */
interface LiveFloor {
  state: FloorState;
  pending: Pending;
  timer: NodeJS.Timeout | undefined;
  /** The floor's writes, one batch after the other (ordered per floor). */
  writing: Promise<void>;
}

/**
 * The authoritative live floors of this process. A floor is loaded from the
 * database on its first use (floor_users: rooms, seats, types, statuses)
 * and from then on every operation runs in memory, one after the other
 * (the reducer is synchronous, so nothing interleaves), and is answered at
 * once. What changed is written behind: per floor, the people whose place
 * changed and the participant log lines gather for at most `delayMs`, then
 * go in one ordered batch (write-behind.ts); `flush` writes a floor now
 * (leaves, removals and joins wait for it, so the database holds them when
 * they are answered), `close` writes everything (the server's close path,
 * SIGTERM included).
 *
 * Alone (no REDIS_URL) the process owns every floor. With several
 * processes, cluster/ClusterFloors runs one of these for the floors whose
 * Redis lease this process holds (`hooks`: claimed and fenced writes).
 */
export class FloorEngine implements LiveFloors {
  private readonly floors = new Map<number, LiveFloor>();
  private readonly loading = new Map<number, Promise<LiveFloor>>();
  /** room id → floor id, for the readers that know only a room (chat, media). */
  private readonly roomFloors = new Map<number, number>();
  private closed = false;

  constructor(
    private readonly models: Models,
    private readonly logger: Logger,
    private readonly now: () => Date,
    private readonly delayMs = WRITE_BEHIND_MS,
    private readonly hooks?: EngineHooks,
  ) {}

  /** The floor's state now, if it is loaded. */
  peek(floorId: number): FloorState | undefined {
    return this.floors.get(floorId)?.state;
  }

  /** Applies a command to a floor (loaded first if need be); what changed is written behind. */
  async apply(floorId: number, command: Command): Promise<Outcome> {
    return this.applyTo(await this.load(floorId), command);
  }

  /** The floor's state (loaded if need be). */
  async stateOf(floorId: number): Promise<FloorState> {
    return (await this.load(floorId)).state;
  }

  /** Everyone placed on the floor, in the order they came (the floor is loaded if need be). */
  async people(floorId: number): Promise<Person[]> {
    return [...(await this.load(floorId)).state.people.values()];
  }

  /** Whether the user has a place and how many have one, without loading the floor (not loaded: none). */
  census(floorId: number, userId: number): Promise<{ placed: boolean; size: number }> {
    const state = this.peek(floorId);
    return Promise.resolve({ placed: state?.people.has(userId) ?? false, size: state?.people.size ?? 0 });
  }

  /** Drops a floor without writing it (its owner lost the lease: what it holds may no longer be written). */
  forget(floorId: number): void {
    const floor = this.floors.get(floorId);
    if (floor) clearTimeout(floor.timer);
    this.floors.delete(floorId);
  }

  /** A person's place, from memory (the floor is loaded if need be); null when they have none. */
  async placeOf(floorId: number, userId: number): Promise<Person | null> {
    return (await this.load(floorId)).state.people.get(userId) ?? null;
  }

  /**
   * The users in a room: from memory when its floor is loaded here, else
   * from the database (no floor loaded means nothing is waiting to be written).
   */
  async usersInRoom(roomId: number): Promise<number[]> {
    const floorId = this.roomFloors.get(roomId) ?? (await this.floorOfRoom(roomId));
    if (floorId === undefined) return [];
    const { state } = await this.load(floorId);
    return [...state.people.values()].filter((p) => p.roomId === roomId).map((p) => p.userId);
  }

  async isInRoom(userId: number, roomId: number): Promise<boolean> {
    return (await this.usersInRoom(roomId)).includes(userId);
  }

  /** Adds participant log lines to the floor's next batch. */
  async log(floorId: number, entry: LogEntry): Promise<void> {
    const floor = this.floors.get(floorId);
    if (!floor) {
      // not loaded here: nothing of the floor waits, the line is written at once
      await this.models.ParticipantLog.create(entry);
      return;
    }
    floor.pending.log.push(entry);
    this.schedule(floorId, floor);
  }

  /** Writes what the floor owes the database now (resolves once it is written). */
  flush(floorId: number): Promise<void> {
    const floor = this.floors.get(floorId);
    if (!floor) return Promise.resolve();
    clearTimeout(floor.timer);
    floor.timer = undefined;
    if (isEmpty(floor.pending)) return floor.writing;
    // the batch is cut when its turn comes, with the state of that instant (copy-on-write: it stays as it
    // is while it is written): every row that differs from memory then is in it, so no seat it writes is
    // still held in the database by a change left for a later batch
    const write = async () => {
      const batch = floor.pending;
      floor.pending = nothingPending();
      if (isEmpty(batch)) return;
      const { people } = floor.state;
      const now = this.now();
      if (this.hooks)
        await this.hooks.write(floorId, (db, t) => writeBatch(this.models, floorId, people, batch, now, db, t));
      else await writeBatch(this.models, floorId, people, batch, now);
    };
    floor.writing = floor.writing.then(write).catch((err: unknown) => {
      this.logger.error({ err, floorId }, 'floor write-behind failed: the floor is reloaded from the database');
      if (this.floors.get(floorId) === floor) this.floors.delete(floorId);
      this.hooks?.writeFailed(floorId, err);
    });
    return floor.writing;
  }

  /** Writes every floor's pending changes. */
  async flushAll(): Promise<void> {
    await Promise.all([...this.floors.keys()].map((id) => this.flush(id)));
  }

  /**
   * Writes a floor and forgets it (its next use loads it again): before code
   * that changes its rows directly (the floor closing).
   */
  async unload(floorId: number): Promise<void> {
    for (;;) {
      await this.flush(floorId);
      const floor = this.floors.get(floorId);
      if (!floor || isEmpty(floor.pending)) {
        this.floors.delete(floorId);
        return;
      }
    }
  }

  /** The server closes: everything is written; nothing new is taken. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flushAll();
  }

  /** Floors loaded and changes waiting (the bench and tests read it). */
  stats() {
    let waiting = 0;
    for (const f of this.floors.values()) waiting += f.pending.changed.size + f.pending.added.size;
    return { floors: this.floors.size, waiting };
  }

  private applyTo(floor: LiveFloor, command: Command): Outcome {
    const outcome = reduce(floor.state, command);
    if (!outcome.changed) return outcome;
    const before = floor.state;
    floor.state = outcome.state;
    this.track(floor, before, command);
    this.schedule(floor.state.floorId, floor);
    return outcome;
  }

  /** Notes the rows a command changed (a socket coming or going changes no row). */
  private track(floor: LiveFloor, before: FloorState, command: Command): void {
    const { pending, state } = floor;
    switch (command.type) {
      case 'enter':
        if (!before.people.has(command.userId)) {
          pending.added.add(command.userId);
          pending.changed.add(command.userId);
          this.roomFloors.set(command.room.id, state.floorId);
        }
        return;
      case 'move':
        this.roomFloors.set(command.room.id, state.floorId);
        pending.changed.add(command.userId);
        return;
      case 'status':
        pending.changed.add(command.userId);
        return;
      case 'remove':
        pending.added.delete(command.userId);
        pending.changed.add(command.userId);
        return;
      case 'close':
        pending.added.clear();
        for (const userId of before.people.keys()) pending.changed.add(userId);
        return;
      case 'disconnect':
        return;
    }
  }

  private schedule(floorId: number, floor: LiveFloor): void {
    if (this.closed) {
      void this.flush(floorId);
      return;
    }
    floor.timer ??= setTimeout(() => void this.flush(floorId), this.delayMs);
  }

  /** The floor, loaded from the database once (concurrent first uses share the load). */
  private load(floorId: number): Promise<LiveFloor> {
    const floor = this.floors.get(floorId);
    if (floor) return Promise.resolve(floor);
    let loading = this.loading.get(floorId);
    if (!loading) {
      loading = this.read(floorId).finally(() => this.loading.delete(floorId));
      this.loading.set(floorId, loading);
    }
    return loading;
  }

  private async read(floorId: number): Promise<LiveFloor> {
    await this.hooks?.beforeLoad(floorId);
    const rows = await this.models.FloorUser.findAll({
      where: { floorId },
      attributes: ['userId', 'roomId', 'seat', 'participantType', 'activeStatus'],
      order: [['id', 'ASC']],
      raw: true,
    });
    const parked: number[] = [];
    const places = rows.map((r) => {
      this.roomFloors.set(r.roomId, floorId);
      if (r.seat < 1) parked.push(r.userId);
      return {
        userId: r.userId,
        roomId: r.roomId,
        seat: r.seat,
        participantType: r.participantType,
        status: r.activeStatus,
      };
    });
    const live: LiveFloor = {
      state: initialState(floorId, places),
      pending: nothingPending(),
      timer: undefined,
      writing: Promise.resolve(),
    };
    // seats parked by a batch cut short (write-behind.ts): the first seat free in the same room
    for (const userId of parked) {
      const person = live.state.people.get(userId)!;
      let seat = 1;
      while (live.state.seats.has(seatKey(person.roomId, seat))) seat++;
      this.applyTo(live, { type: 'move', userId, room: { id: person.roomId, seat }, seat });
    }
    const raced = this.floors.get(floorId);
    if (raced) return raced;
    this.floors.set(floorId, live);
    return live;
  }

  private async floorOfRoom(roomId: number): Promise<number | undefined> {
    const room = await this.models.FloorRoom.findByPk(roomId, { attributes: ['id', 'floorId'], paranoid: false });
    if (!room) return undefined;
    this.roomFloors.set(roomId, room.floorId);
    return room.floorId;
  }
}
