import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../../http/app-error';
import { rateLimiter } from '../../lib/rate-limit';

/** At most 100 failed logins per account per hour; an IP gets 20 per 15 minutes. */
export const ACCOUNT_LIMIT = { points: 100, duration: 3600 };
export const IP_LIMIT = { points: 20, duration: 900 };

/**
 * Brute-force protection for every password login. Attempts are counted per
 * account and per client IP (in Redis when the servers share one, otherwise
 * in memory) before the password is checked; once either is used up, even
 * the right password gets 429 LOGIN_LIMIT_REACHED with Retry-After until the
 * window passes. A successful login clears the account's count and gives the
 * IP its attempt back, so only failures add up.
 */
export class LoginLimiter {
  private readonly account: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;

  constructor(redis?: RedisClientType) {
    this.account = rateLimiter(redis, 'login_fail_account', ACCOUNT_LIMIT);
    this.ip = rateLimiter(redis, 'login_fail_ip', IP_LIMIT);
  }

  /**
   * Spends one attempt of the account and of the IP before the password is
   * checked, so parallel requests cannot all slip in before a failure is
   * counted. Refused (429) when either is used up; the attempt granted by the
   * other is given back.
   */
  async attempt(accountKey: string, ip: string): Promise<void> {
    const spent = [
      [this.account, accountKey],
      [this.ip, ip],
    ] as const;
    const results = await Promise.allSettled(spent.map(([limiter, key]) => limiter.consume(key)));
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (refused.length === 0) return;
    const unexpected = refused.find((reason) => !(reason instanceof RateLimiterRes));
    if (unexpected) throw unexpected; // the store failed: not the caller's fault
    await Promise.all(
      results.map((result, i) => (result.status === 'fulfilled' ? spent[i]![0].reward(spent[i]![1], 1) : null)),
    );
    const waitMs = Math.max(...refused.map((reason) => (reason as RateLimiterRes).msBeforeNext));
    throw new AppError('LOGIN_LIMIT_REACHED', { values: { retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) } });
  }

  /** The right password: the account's failures are forgotten and the IP gets its attempt back. */
  async succeeded(accountKey: string, ip: string): Promise<void> {
    await Promise.all([this.account.delete(accountKey), this.ip.reward(ip, 1)]);
  }
}
