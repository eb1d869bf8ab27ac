import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../../http/app-error';

/** At most 100 failed logins per account per hour; an IP gets 20 per 15 minutes. */
export const ACCOUNT_LIMIT = { points: 100, duration: 3600 };
export const IP_LIMIT = { points: 20, duration: 900 };

/**
 * Brute-force protection for every password login. Failures are counted per
 * account and per client IP (in Redis when the servers share one, otherwise
 * in memory); once either is used up, even the right password gets 429
 * LOGIN_LIMIT_REACHED with Retry-After until the window passes. A successful
 * login clears the account's count.
 */
export class LoginLimiter {
  private readonly account: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;

  constructor(redis?: RedisClientType) {
    const make = (prefix: string, opts: { points: number; duration: number }) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix: prefix, ...opts })
        : new RateLimiterMemory({ keyPrefix: prefix, ...opts });
    this.account = make('login_fail_account', ACCOUNT_LIMIT);
    this.ip = make('login_fail_ip', IP_LIMIT);
  }

  async assertAllowed(accountKey: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await Promise.all([this.account.get(accountKey), this.ip.get(ip)]);
    const blocked = [
      [byAccount, ACCOUNT_LIMIT.points],
      [byIp, IP_LIMIT.points],
    ] as const;
    const waitMs = Math.max(
      0,
      ...blocked.filter(([res, points]) => res && res.consumedPoints >= points).map(([res]) => res!.msBeforeNext),
    );
    if (waitMs > 0) throw new AppError('LOGIN_LIMIT_REACHED', { values: { retryAfterS: Math.ceil(waitMs / 1000) } });
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    await Promise.all([this.account.penalty(accountKey, 1), this.ip.penalty(ip, 1)]);
  }

  async recordSuccess(accountKey: string): Promise<void> {
    await this.account.delete(accountKey);
  }
}
