import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';

export interface RateLimit {
  /** How many within the window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
}

/**
 * A counter per key that every server process shares through Redis when
 * there is one (`REDIS_URL`), otherwise kept in this process's memory.
 */
export function rateLimiter(
  redis: RedisClientType | undefined,
  keyPrefix: string,
  limit: RateLimit,
  options: RateLimiterOptions = {},
): RateLimiterAbstract {
  const block = options.blockInMemory ? { inMemoryBlockOnConsumed: limit.points + 1 } : {};
  return redis
    ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix, ...limit, ...block })
    : new RateLimiterMemory({ keyPrefix, ...limit });
}

export interface RateLimiterOptions {
  /**
   * With Redis: a key over its limit is refused from this process's memory
   * until its window ends, so a flood of one key does not reach Redis.
   */
  blockInMemory?: boolean;
}
