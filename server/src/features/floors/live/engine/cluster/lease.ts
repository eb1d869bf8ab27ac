import type { RedisClientType } from 'redis';

/** How long a floor's lease lives unless renewed: a dead owner's floor is free again after this. */
export const LEASE_MS = 3000;
/** How often an owner renews its leases (three chances before one expires). */
export const RENEW_MS = 1000;

/** Takes the lease when nobody holds it: a new token (INCR, never reused) and the lease naming node and token. */
const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. token, 'PX', ARGV[2])
return token`;
/** Extends the lease only while it is still this owner's (same node and token). */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface Owner {
  node: string;
  token: number;
}

/**
 * The Redis leases of live floors: at most one process holds a floor's
 * lease; each new holder gets a larger fencing token (fence.ts refuses the
 * writes of an older one). Keys are under `prefix` (one per deployment).
 */
export class FloorLeases {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly node: string,
    readonly leaseMs = LEASE_MS,
  ) {}

  private ownerKey = (floorId: number) => `${this.prefix}:floor:${floorId}:owner`;
  private tokenKey = (floorId: number) => `${this.prefix}:floor:${floorId}:token`;
  private value = (token: number) => `${this.node}|${token}`;

  /** The lease's new token, or null when another process holds it. */
  async acquire(floorId: number): Promise<number | null> {
    const token = await this.redis.eval(ACQUIRE, {
      keys: [this.ownerKey(floorId), this.tokenKey(floorId)],
      arguments: [this.node, String(this.leaseMs)],
    });
    return token === null ? null : Number(token);
  }

  /** Whether the lease is still this process's (and now lives another leaseMs). */
  async renew(floorId: number, token: number): Promise<boolean> {
    const renewed = await this.redis.eval(RENEW, {
      keys: [this.ownerKey(floorId)],
      arguments: [this.value(token), String(this.leaseMs)],
    });
    return Number(renewed) === 1;
  }

  async release(floorId: number, token: number): Promise<void> {
    await this.redis.eval(RELEASE, { keys: [this.ownerKey(floorId)], arguments: [this.value(token)] });
  }

  /** Who holds the floor's lease now, if anyone. */
  async owner(floorId: number): Promise<Owner | null> {
    const value = await this.redis.get(this.ownerKey(floorId));
    if (!value) return null;
    const at = value.lastIndexOf('|');
    return { node: value.slice(0, at), token: Number(value.slice(at + 1)) };
  }
}
