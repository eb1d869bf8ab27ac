import { performance } from 'node:perf_hooks';
import type { BucketLimit } from './limits';

/**
 * A token bucket checked synchronously on every socket event: `burst` tokens
 * at once, refilled at `perSecond`. `take(cost)` spends them if there are
 * enough; otherwise `waitMs(cost)` says when there will be.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly limit: BucketLimit,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limit.burst;
    this.at = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((t - this.at) / 1000) * this.limit.perSecond);
    this.at = t;
  }

  take(cost = 1): boolean {
    this.refill();
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Milliseconds until `cost` tokens are there (0 when they are now). */
  waitMs(cost = 1): number {
    this.refill();
    return this.tokens >= cost ? 0 : ((cost - this.tokens) / this.limit.perSecond) * 1000;
  }
}
