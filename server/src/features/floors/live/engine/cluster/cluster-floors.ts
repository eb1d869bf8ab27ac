import crypto from 'node:crypto';
import type { RedisClientType } from 'redis';
import type { Models } from '../../../../../db/models';
import { AppError } from '../../../../../http/app-error';
import type { Logger } from '../../../../../lib/logger';
import { claimFloor, fencedWrite, StaleOwnerError } from '../fence';
import { FloorEngine } from '../floor-engine';
import type { Command, Person } from '../floor-state';
import type { Applied, LiveFloors } from '../live-floors';
import type { LogEntry } from '../write-behind';
import { afterClose } from './after-close';
import { FloorLeases, RENEW_MS, type Owner } from './lease';
import { NodeRpc, type Answer, type Request } from '../../../../../realtime/node-rpc';

/** The operations of a floor, as they travel to its owner (JSON). */
type Op =
  | { op: 'apply'; command: Command }
  | { op: 'placeOf'; userId: number }
  | { op: 'people' }
  | { op: 'census'; userId: number }
  | { op: 'usersInRoom'; roomId: number }
  | { op: 'log'; entry: Omit<LogEntry, 'at'> & { at: string } }
  | { op: 'flush' }
  | { op: 'unload' };

/** How long an operation keeps looking for the floor's owner (a dead owner's lease expires within LEASE_MS). */
const OP_DEADLINE_MS = 10_000;
const RETRY_MS = 100;

export interface ClusterOptions {
  models: Models;
  logger: Logger;
  now: () => Date;
  redis: RedisClientType;
  /** Redis keys and channels of this deployment (its processes share it). */
  prefix: string;
  /** A process took a floor over from an earlier owner and rebuilt it: the floor's clients resynchronise. */
  onTakeover: (floorId: number) => Promise<void>;
  leaseMs?: number;
}

/**
 * The live floors of one process among several (REDIS_URL): each floor is
 * owned by the process holding its Redis lease (lease.ts), which keeps it
 * in a FloorEngine of its own and answers every operation on it; the other
 * processes forward their operations there (realtime/node-rpc.ts) and answer their
 * clients with the owner's answer. Fan-out needs nothing more: presence
 * batches go through the Socket.IO Redis adapter from whichever process
 * handled the client's event.
 *
 * The first process to need a floor takes its lease; the owner renews it
 * every RENEW_MS. When the owner dies, its lease expires (LEASE_MS) and the
 * next operation on the floor, from any process, takes it: the new owner
 * claims the floor's fencing token in the database (fence.ts), rebuilds it
 * from floor_users and sends the floor's clients a full snapshot. Writes of
 * an owner that lost its lease are refused by the token. SIGTERM writes
 * every owned floor and releases its leases (the next owner takes over at
 * once).
 */
export class ClusterFloors implements LiveFloors {
  readonly node = crypto.randomUUID();
  private readonly owned = new Map<number, number>();
  private readonly leases: FloorLeases;
  private readonly rpc: NodeRpc;
  private readonly engine: FloorEngine;
  private readonly roomFloors = new Map<number, number>();
  /** Per floor, the other process that last answered as its owner. */
  private readonly knownOwners = new Map<number, Owner>();
  private readonly started: Promise<void>;
  private renewer: NodeJS.Timeout | undefined;
  private lastRenewed = new Map<number, number>();
  private closed = false;

  constructor(private readonly o: ClusterOptions) {
    this.leases = new FloorLeases(o.redis, o.prefix, this.node, o.leaseMs);
    this.rpc = new NodeRpc(o.redis, o.prefix, this.node, o.logger, (floorId, op) => this.answer(floorId, op));
    this.engine = new FloorEngine(o.models, o.logger, o.now, undefined, {
      beforeLoad: (floorId) => this.claim(floorId),
      write: (floorId, write) => fencedWrite(o.models.Floor.sequelize!, floorId, this.tokenOf(floorId), write),
      writeFailed: (floorId, err) => {
        if (err instanceof StaleOwnerError) this.lose(floorId, 'a later owner wrote the floor');
      },
    });
    this.started = this.rpc.start().catch((err: unknown) => {
      o.logger.error({ err }, 'floor owner rpc did not start');
      throw err;
    });
    this.started.catch(() => undefined);
    this.renewer = setInterval(() => void this.renewAll(), RENEW_MS);
    this.renewer.unref();
  }

  async apply(floorId: number, command: Command): Promise<Applied> {
    return this.run<Applied>(floorId, { op: 'apply', command });
  }
  placeOf(floorId: number, userId: number): Promise<Person | null> {
    return this.run(floorId, { op: 'placeOf', userId });
  }
  people(floorId: number): Promise<Person[]> {
    return this.run(floorId, { op: 'people' });
  }
  census(floorId: number, userId: number): Promise<{ placed: boolean; size: number }> {
    return this.run(floorId, { op: 'census', userId });
  }
  async usersInRoom(roomId: number): Promise<number[]> {
    const floorId = await this.floorOfRoom(roomId);
    return floorId === undefined ? [] : this.run(floorId, { op: 'usersInRoom', roomId });
  }
  async isInRoom(userId: number, roomId: number): Promise<boolean> {
    return (await this.usersInRoom(roomId)).includes(userId);
  }
  log(floorId: number, entry: LogEntry): Promise<void> {
    return this.run(floorId, { op: 'log', entry: { ...entry, at: entry.at.toISOString() } });
  }
  flush(floorId: number): Promise<void> {
    return this.run(floorId, { op: 'flush' });
  }
  unload(floorId: number): Promise<void> {
    return this.run(floorId, { op: 'unload' });
  }
  /** Writes the floors this process owns. */
  flushAll(): Promise<void> {
    return this.engine.flushAll();
  }
  stats() {
    return this.engine.stats();
  }
  /** Which floors this process owns (tests, the bench). */
  ownedFloors(): number[] {
    return [...this.owned.keys()];
  }

  /** SIGTERM: every owned floor is written, then its lease released (another process takes it at once). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.renewer);
    await this.engine.close();
    await Promise.all(
      [...this.owned].map(([floorId, token]) => this.leases.release(floorId, token).catch(() => undefined)),
    );
    this.owned.clear();
    await this.rpc.close();
  }

  /** Runs an operation on the floor's owner: here, on the process holding the lease, or here once the lease is free. */
  private async run<T>(floorId: number, op: Op): Promise<T> {
    await this.started;
    const deadline = Date.now() + OP_DEADLINE_MS;
    for (;;) {
      if (this.closed) return (await afterClose(this.o.models, floorId, op)) as T;
      if (this.owned.has(floorId)) {
        const value = await this.local(floorId, op).then(
          (v) => ({ v }),
          (error: unknown) => {
            if (error instanceof StaleOwnerError) return undefined; // a later owner claimed the floor: ask it
            throw error;
          },
        );
        if (value) return value.v as T;
        if (Date.now() > deadline) throw new AppError('SERVICE_UNAVAILABLE');
        continue;
      }
      // the owner last seen answering is asked again without a Redis read; forgotten when it stops answering
      const owner = this.knownOwners.get(floorId) ?? (await this.leases.owner(floorId));
      this.knownOwners.delete(floorId);
      if (!owner) {
        const token = await this.leases.acquire(floorId);
        if (token !== null) {
          const value = await this.took(floorId, token, op).then(
            (v) => ({ v }),
            (error: unknown) => {
              if (error instanceof StaleOwnerError) return undefined;
              throw error;
            },
          );
          if (value) return value.v as T;
          if (Date.now() > deadline) throw new AppError('SERVICE_UNAVAILABLE');
          continue;
        }
      } else if (owner && owner.node !== this.node) {
        const reply = await this.rpc.call(owner.node, floorId, op as Request['op']);
        if (reply && reply.status !== 'notOwner') this.knownOwners.set(floorId, owner);
        if (reply?.status === 'ok') return reply.value as T;
        if (reply?.status === 'error') throw new AppError(reply.code ?? 'INTERNAL', { values: reply.values });
        // no answer (the owner may be dead: its lease runs out) or it no longer owns the floor: ask again
      }
      if (Date.now() > deadline) throw new AppError('SERVICE_UNAVAILABLE');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /** This process just took the floor's lease: the operation runs, then the clients resynchronise after a takeover. */
  private async took(floorId: number, token: number, op: Op): Promise<unknown> {
    this.owned.set(floorId, token);
    this.lastRenewed.set(floorId, Date.now());
    this.engine.forget(floorId); // anything left of an earlier ownership here is stale
    this.o.logger.info({ floorId, token, node: this.node }, 'live floor owned by this process');
    const value = await this.local(floorId, op);
    if (token > 1)
      void this.o
        .onTakeover(floorId)
        .catch((err: unknown) => this.o.logger.warn({ err, floorId }, 'floor snapshot after a takeover not sent'));
    return value;
  }

  /** A forwarded operation: answered when this process owns the floor. */
  private async answer(floorId: number, op: Request['op']): Promise<Answer> {
    await this.started;
    if (!this.owned.has(floorId) || this.closed) return { status: 'notOwner' };
    try {
      return { status: 'ok', value: (await this.local(floorId, op as Op)) ?? null };
    } catch (error) {
      if (error instanceof StaleOwnerError) return { status: 'notOwner' };
      throw error;
    }
  }

  private async local(floorId: number, op: Op): Promise<unknown> {
    const engine = this.engine;
    switch (op.op) {
      case 'apply': {
        const { changed, error, person } = await engine.apply(floorId, op.command);
        return { changed, error, person };
      }
      case 'placeOf':
        return engine.placeOf(floorId, op.userId);
      case 'people':
        return engine.people(floorId);
      case 'census':
        await engine.stateOf(floorId); // loaded: the owner knows everyone
        return engine.census(floorId, op.userId);
      case 'usersInRoom':
        await engine.stateOf(floorId);
        return engine.usersInRoom(op.roomId);
      case 'log':
        return engine.log(floorId, { ...op.entry, at: new Date(op.entry.at) });
      case 'flush':
        return engine.flush(floorId);
      case 'unload':
        return engine.unload(floorId);
    }
  }

  private tokenOf(floorId: number): number {
    const token = this.owned.get(floorId);
    if (token === undefined) throw new StaleOwnerError(floorId, 0, 0);
    return token;
  }

  /** Before the floor is read: the database learns this owner's token (older owners' writes are refused from now on). */
  private async claim(floorId: number): Promise<void> {
    try {
      await claimFloor(this.o.models.Floor.sequelize!, floorId, this.tokenOf(floorId));
    } catch (error) {
      if (error instanceof StaleOwnerError) this.lose(floorId, 'a later owner claimed the floor');
      throw error;
    }
  }

  private async renewAll(): Promise<void> {
    for (const [floorId, token] of this.owned) {
      try {
        if (await this.leases.renew(floorId, token)) this.lastRenewed.set(floorId, Date.now());
        else this.lose(floorId, 'its lease was taken');
      } catch (err) {
        this.o.logger.warn({ err, floorId }, 'floor lease not renewed');
        if (Date.now() - (this.lastRenewed.get(floorId) ?? 0) > this.leases.leaseMs)
          this.lose(floorId, 'lease expired');
      }
    }
  }

  /** The floor is no longer this process's: dropped unwritten (its writes would be refused anyway). */
  private lose(floorId: number, why: string): void {
    if (!this.owned.delete(floorId)) return;
    this.lastRenewed.delete(floorId);
    this.engine.forget(floorId);
    this.o.logger.warn({ floorId, node: this.node }, `live floor no longer owned here: ${why}`);
  }

  private async floorOfRoom(roomId: number): Promise<number | undefined> {
    const known = this.roomFloors.get(roomId);
    if (known !== undefined) return known;
    const room = await this.o.models.FloorRoom.findByPk(roomId, { attributes: ['id', 'floorId'], paranoid: false });
    if (room) this.roomFloors.set(roomId, room.floorId);
    return room?.floorId;
  }
}
