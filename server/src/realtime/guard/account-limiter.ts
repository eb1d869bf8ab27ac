import { BurstyRateLimiter, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimiter, type LimitStore } from '../../lib/rate-limit';
import type { BurstyLimit, EventClass } from './limits';

/**
 * The per-account budget of each event class over all the account's sockets
 * (a guest's budget is their guest account's). Shared by every server process
 * through Redis when REDIS_URL is set, otherwise kept in this process.
 */
export class AccountLimiter {
  private readonly limiters: Record<EventClass, BurstyRateLimiter>;

  constructor(
    redis: LimitStore | undefined,
    limits: Record<EventClass, BurstyLimit>,
    /** A store failure (Redis down) lets the request through: the per-socket limits still hold. */
    private readonly onStoreError: (err: unknown) => void,
  ) {
    const make = (c: EventClass) => {
      const { perSecond, burst, burstWindow } = limits[c];
      return new BurstyRateLimiter(
        rateLimiter(redis, `socket_${c}`, { points: perSecond, duration: 1 }, { blockInMemory: true }),
        rateLimiter(redis, `socket_${c}_burst`, { points: burst, duration: burstWindow }, { blockInMemory: true }),
      );
    };
    this.limiters = { move: make('move'), read: make('read'), write: make('write'), media: make('media') };
  }

  /** Spends `cost` of `key`'s budget: undefined when allowed, otherwise the wait in milliseconds. */
  async spend(eventClass: EventClass, key: string, cost = 1): Promise<number | undefined> {
    try {
      await this.limiters[eventClass].consume(key, cost);
      return undefined;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
      this.onStoreError(rejection);
      return undefined;
    }
  }
}
