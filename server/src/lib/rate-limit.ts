import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';

export interface RateLimit {
  /** How many within the window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
}

/**
 * A deployment's Redis for its counters: every key under the deployment's
 * namespace, so two deployments may share one Redis without sharing limits.
 */
export interface LimitStore {
  client: RedisClientType;
  namespace: string;
}

/**
 * A counter per key that every server process shares through Redis when
 * there is one (`REDIS_URL`), otherwise kept in this process's memory.
 * Redis keys are `<namespace>:<keyPrefix>:<key>`.
 */
export function rateLimiter(
  store: LimitStore | undefined,
  keyPrefix: string,
  limit: RateLimit,
  options: RateLimiterOptions = {},
): RateLimiterAbstract {
  const block = options.blockInMemory ? { inMemoryBlockOnConsumed: limit.points + 1 } : {};
  return store
    ? new RateLimiterRedis({
        storeClient: store.client,
        useRedisPackage: true,
        keyPrefix: `${store.namespace}:${keyPrefix}`,
        ...limit,
        ...block,
      })
    : new RateLimiterMemory({ keyPrefix, ...limit });
}

export interface RateLimiterOptions {
  /**
   * With Redis: a key over its limit is refused from this process's memory
   * until its window ends, so a flood of one key does not reach Redis.
   */
  blockInMemory?: boolean;
}

/**
 * One point of `key`: null when granted, the store's refusal (a
 * RateLimiterRes: how long until the next) when over the limit; a failure of
 * the store itself (not the caller's fault) is thrown.
 */
export async function consumed(
  limiter: RateLimiterAbstract,
  key: string,
  options?: { customDuration: number },
): Promise<RateLimiterRes | null> {
  try {
    await limiter.consume(key, 1, options);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

/** A doubling wait (seconds) after the n-th try (1-based): none for the first `free` − 1, then 1, 2, 4 … up to `maxS`. */
export const backoffS = (tries: number, free: number, maxS: number): number =>
  tries < free ? 0 : Math.min(maxS, 2 ** (tries - free));
