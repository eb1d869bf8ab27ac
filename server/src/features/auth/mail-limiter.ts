import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../../http/app-error';
import { rateLimiter } from '../../lib/rate-limit';

/** Mails a caller may trigger for one address per hour (reset links, verification links), and per IP. */
export const MAIL_PER_ADDRESS = { points: 5, duration: 3600 };
export const MAIL_PER_IP = { points: 30, duration: 3600 };

/**
 * Throttles the requests that send a mail with a one-time link. Each new
 * link voids the previous one, so without a limit anyone could keep a
 * victim's reset link dead and fill their inbox. Over the limit: 429
 * LOGIN_LIMIT_REACHED with Retry-After.
 */
export class MailLimiter {
  private readonly address: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;

  constructor(redis?: RedisClientType) {
    this.address = rateLimiter(redis, 'mail_address', MAIL_PER_ADDRESS);
    this.ip = rateLimiter(redis, 'mail_ip', MAIL_PER_IP);
  }

  async spend(addressKey: string, ip: string): Promise<void> {
    try {
      await this.ip.consume(ip);
      await this.address.consume(addressKey);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfterS = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new AppError('LOGIN_LIMIT_REACHED', { values: { retryAfterS } });
    }
  }
}
