import { performance } from 'node:perf_hooks';

/**
 * Room moves and status changes per socket (floor:joinRoom and
 * floor:updateUser together): a burst of 20, refilled at 10 a second. A
 * person does not move that often; a client that does gets MOVE_RATE_LIMIT
 * and nothing changes.
 */
export const MOVE_RATE = { burst: 20, perSecond: 10 };

/** A token bucket: `take()` spends one token if there is one. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst = MOVE_RATE.burst,
    private readonly perSecond = MOVE_RATE.perSecond,
    private readonly now = () => performance.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
