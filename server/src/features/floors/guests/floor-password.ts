import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../../../http/app-error';
import { rateLimiter } from '../../../lib/rate-limit';
import { verifyPassword } from '../../auth/password';
import type { Floor } from '../floor.model';

/** At most 5 wrong floor passwords per floor and caller in 10 minutes; then even the right one waits. */
export const FLOOR_PASSWORD_LIMIT = { points: 5, duration: 600 };

/**
 * The floor password on entry (spec §3 Floor.password): members give it to
 * floor:joinOffice, guests to join-guest. Wrong ones are counted per floor
 * and caller (a member's account, a guest's address) — in Redis when the
 * servers share one — so it cannot be guessed.
 */
export class FloorPasswordGate {
  private readonly failures: RateLimiterAbstract;

  constructor(redis?: RedisClientType) {
    this.failures = rateLimiter(redis, 'floor_password_fail', FLOOR_PASSWORD_LIMIT);
  }

  /**
   * Nothing when the floor has no password or `given` is right; else
   * FLOOR_PASSWORD_REQUIRED (no password given: not a guess), _ERROR or
   * _LIMIT. An attempt takes its point before the (slow) check and gives it
   * back when right, so guesses sent at once cannot slip past the limit.
   */
  async check(floor: Pick<Floor, 'id' | 'passwordHash'>, caller: string, given: string | undefined): Promise<void> {
    if (!floor.passwordHash) return;
    const key = `${floor.id}:${caller}`;
    const used = await this.failures.get(key);
    if (used && used.consumedPoints >= FLOOR_PASSWORD_LIMIT.points) throw limited(used);
    if (!given) throw new AppError('FLOOR_PASSWORD_REQUIRED');
    try {
      await this.failures.consume(key, 1);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      throw limited(rejection as RateLimiterRes);
    }
    if (await verifyPassword(given, floor.passwordHash)) {
      await this.failures.reward(key, 1);
      return;
    }
    throw new AppError('FLOOR_PASSWORD_ERROR');
  }
}

const limited = (res: RateLimiterRes) =>
  new AppError('FLOOR_PASSWORD_LIMIT', { values: { retryAfterS: Math.ceil(res.msBeforeNext / 1000) } });
