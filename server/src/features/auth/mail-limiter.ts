import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';
import { rateLimiter, type LimitStore } from '../../lib/rate-limit';

/** Mails a caller may trigger for one address per hour (sign-up, reset and verification links), and per IP. */
export const MAIL_PER_ADDRESS = { points: 5, duration: 3600 };
export const MAIL_PER_IP = { points: 30, duration: 3600 };
/**
 * Sign-up attempts per IP per hour, whatever their outcome (each is an account or an "already exists" answer);
 * room for a whole Business team (25 seats) joining from one office address in an hour.
 */
export const SIGNUP_PER_IP = { points: 30, duration: 3600 };

/** What a caller is about to do: sign up, ask for a reset link, or ask again for the verification link. */
export type MailPurpose = 'signup' | 'reset' | 'verify';

/**
 * Throttles the requests that send a mail with a one-time link, and
 * sign-ups. Each new link voids the previous one, so without a limit anyone
 * could keep a victim's reset link dead and fill their inbox; sign-ups
 * without one would create accounts and probe addresses ("already exists")
 * in bulk. Over a limit: 429 RATE_LIMITED with Retry-After, and nothing is
 * sent or created.
 */
export class MailLimiter {
  private readonly address: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;
  private readonly signupIp: RateLimiterAbstract;

  constructor(redis?: LimitStore) {
    this.address = rateLimiter(redis, 'mail_address', MAIL_PER_ADDRESS);
    this.ip = rateLimiter(redis, 'mail_ip', MAIL_PER_IP);
    this.signupIp = rateLimiter(redis, 'signup_ip', SIGNUP_PER_IP);
  }

  /**
   * Spends one of the IP's (sign-ups have their own budget) and one of the
   * address's (`purpose:address`; the account id for `verify`).
   */
  async spend(purpose: MailPurpose, address: string, ip: string): Promise<void> {
    try {
      await (purpose === 'signup' ? this.signupIp : this.ip).consume(ip);
      await this.address.consume(`${purpose}:${address}`);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfterS = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', { values: { retryAfterS } });
    }
  }
}
