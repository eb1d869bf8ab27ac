import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';
import { backoffS, consumed, rateLimiter, type LimitStore } from '../../lib/rate-limit';

/** Failed logins one IP may make across all accounts in 15 minutes (credential stuffing from one address). */
export const IP_LIMIT = { points: 20, duration: 900 };
/** Attempts on one account from one IP before each further one waits (back-off, reset by a success). */
export const PAIR_FREE_ATTEMPTS = 5;
/** The back-off doubles from 1 s up to this wait (seconds). */
export const PAIR_MAX_WAIT_S = 900;
/** How long the failures of an account from one IP are remembered (seconds). */
export const PAIR_MEMORY_S = 86_400;
/** Failures of one account from every IP in an hour, after which addresses it never signed in from are slowed. */
export const ACCOUNT_SLOW_AFTER = { points: 20, duration: 3600 };
/** Then: one attempt on the account per this many seconds from all such addresses together. */
export const ACCOUNT_SLOW_S = 30;
/** How long an address the account signed in from stays known to it (seconds; the in-memory store's timers hold 24 days at most). */
export const KNOWN_ADDRESS_S = 14 * 86_400;

/** The wait (seconds) after the n-th attempt of a pair (1-based): none, then 1, 2, 4 … up to PAIR_MAX_WAIT_S. */
export const pairWaitS = (attempt: number): number => backoffS(attempt, PAIR_FREE_ATTEMPTS, PAIR_MAX_WAIT_S);

const refusal = (msBeforeNext: number) =>
  new AppError('LOGIN_LIMIT_REACHED', { values: { retryAfterS: Math.max(1, Math.ceil(msBeforeNext / 1000)) } });

/**
 * Brute-force protection of every password login, after rate-limiter-flexible's
 * "login endpoint protection" and brute-force back-off patterns:
 *
 * - per account and IP, a back-off: PAIR_FREE_ATTEMPTS attempts, then each
 *   further one must wait 1 s, 2 s, 4 s … up to 15 min after the previous;
 *   a success from that IP ends it. A guesser is slowed where they stand;
 * - per IP, IP_LIMIT failures across all accounts, then 429 until the window
 *   passes;
 * - per account across all IPs, after ACCOUNT_SLOW_AFTER failures in an hour,
 *   addresses the account never signed in from share one attempt per
 *   ACCOUNT_SLOW_S (a guesser with many addresses is slowed as a whole).
 *   An address the account signed in from in the last 14 days is never held
 *   by this, so nobody can lock the owner out of their own account from
 *   their own device, and from a new address they wait at most ACCOUNT_SLOW_S.
 *
 * Every attempt is counted before the password is checked (parallel requests
 * cannot slip past); a refused one (429 LOGIN_LIMIT_REACHED with Retry-After)
 * gives back what it took. Counters live in Redis when the servers share one,
 * otherwise in memory.
 */
export class LoginLimiter {
  private readonly ip: RateLimiterAbstract;
  private readonly pairCount: RateLimiterAbstract;
  private readonly pairGate: RateLimiterAbstract;
  private readonly accountFailures: RateLimiterAbstract;
  private readonly accountGate: RateLimiterAbstract;
  private readonly known: RateLimiterAbstract;

  constructor(redis?: LimitStore) {
    this.ip = rateLimiter(redis, 'login_fail_ip', IP_LIMIT);
    this.pairCount = rateLimiter(redis, 'login_pair_count', { points: 1_000_000, duration: PAIR_MEMORY_S });
    this.pairGate = rateLimiter(redis, 'login_pair_gate', { points: 1, duration: PAIR_MAX_WAIT_S });
    this.accountFailures = rateLimiter(redis, 'login_account_fail', {
      points: 1_000_000,
      duration: ACCOUNT_SLOW_AFTER.duration,
    });
    this.accountGate = rateLimiter(redis, 'login_account_gate', { points: 1, duration: ACCOUNT_SLOW_S });
    this.known = rateLimiter(redis, 'login_known', { points: 1, duration: KNOWN_ADDRESS_S });
  }

  /**
   * Spends one attempt before the password is checked; 429 when the pair's
   * back-off, the account's slow-down or the IP's window says wait. Without
   * an account (a social sign-in ticket) only the IP counts.
   */
  async attempt(accountKey: string | null, ip: string): Promise<void> {
    if (accountKey) {
      await this.slowDown(accountKey, ip);
      await this.backOff(accountKey, ip);
    }
    const ipRefused = await consumed(this.ip, ip);
    if (!ipRefused) return;
    if (accountKey) await this.giveBack(accountKey, ip);
    throw refusal(ipRefused.msBeforeNext);
  }

  /** The right password: the pair's back-off ends, the IP and the account get the attempt back, the IP is known. */
  async succeeded(accountKey: string | null, ip: string): Promise<void> {
    await this.ip.reward(ip, 1);
    if (!accountKey) return;
    const pair = `${accountKey}|${ip}`;
    await Promise.all([
      this.pairCount.delete(pair),
      this.pairGate.delete(pair),
      this.accountFailures.reward(accountKey, 1),
      this.known.set(pair, 1, KNOWN_ADDRESS_S),
    ]);
  }

  /** Account-wide: past its failure budget, unknown addresses share one attempt per ACCOUNT_SLOW_S. */
  private async slowDown(accountKey: string, ip: string): Promise<void> {
    const failures = await this.accountFailures.penalty(accountKey, 1);
    if (failures.consumedPoints <= ACCOUNT_SLOW_AFTER.points) return;
    if (await this.known.get(`${accountKey}|${ip}`)) return;
    const refused = await consumed(this.accountGate, accountKey);
    if (!refused) return;
    await this.accountFailures.reward(accountKey, 1);
    throw refusal(refused.msBeforeNext);
  }

  /** Per account and IP: the n-th attempt opens a wait of pairWaitS(n) before the next one is let through. */
  private async backOff(accountKey: string, ip: string): Promise<void> {
    const pair = `${accountKey}|${ip}`;
    const { consumedPoints: attempt } = await this.pairCount.penalty(pair, 1);
    const wait = pairWaitS(attempt);
    if (wait === 0) return;
    const refused = await consumed(this.pairGate, pair, { customDuration: wait });
    if (!refused) return;
    await Promise.all([this.pairCount.reward(pair, 1), this.accountFailures.reward(accountKey, 1)]);
    throw refusal(refused.msBeforeNext);
  }

  /** A later check refused the attempt: what the earlier ones took goes back (the gate is left as it is). */
  private async giveBack(accountKey: string, ip: string): Promise<void> {
    await Promise.all([this.pairCount.reward(`${accountKey}|${ip}`, 1), this.accountFailures.reward(accountKey, 1)]);
  }
}
