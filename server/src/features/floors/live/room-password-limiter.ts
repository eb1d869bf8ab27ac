import crypto from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../../http/app-error';
import { rateLimiter, type LimitStore } from '../../../lib/rate-limit';

/** At most 5 wrong passwords per user and room in 10 minutes; then even the right one waits. */
export const ROOM_PASSWORD_LIMIT = { points: 5, duration: 600 };

/** Wrong room passwords, counted per user and room (in Redis when the servers share one). */
export class RoomPasswordLimiter {
  private readonly failures: RateLimiterAbstract;

  constructor(redis?: LimitStore) {
    this.failures = rateLimiter(redis, 'room_password_fail', ROOM_PASSWORD_LIMIT);
  }

  /** Checks a password against the room's; PASSWORD_ERROR, or ROOM_PASSWORD_LIMIT once the attempts are used up. */
  async check(userId: number, roomId: number, given: string | undefined, expected: string | null): Promise<void> {
    const key = `${userId}:${roomId}`;
    const used = await this.failures.get(key);
    if (used && used.consumedPoints >= ROOM_PASSWORD_LIMIT.points)
      throw new AppError('ROOM_PASSWORD_LIMIT', { values: { retryAfterS: Math.ceil(used.msBeforeNext / 1000) } });
    if (given === undefined) throw new AppError('PASSWORD_ERROR'); // the client shows the prompt: not a guess
    if (expected !== null && same(given, expected)) return;
    await this.failures.penalty(key, 1);
    throw new AppError('PASSWORD_ERROR');
  }
}

function same(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}
