import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../../../http/app-error';
import { rateLimiter } from '../../../lib/rate-limit';
import { verifyPassword } from '../../auth/password';
import type { Floor } from '../floor.model';

/**
 * Wrong floor passwords per floor and participant (a member's account, an
 * invited guest's link; for a newcomer through the invite link, their
 * address) in 10 minutes.
 */
export const FLOOR_PASSWORD_LIMIT = { points: 5, duration: 600 };
/**
 * Wrong floor passwords per floor through its public invite link (people
 * with no participant row yet) in 10 minutes, whatever their address: one
 * attacker rotating addresses cannot guess on.
 */
export const FLOOR_PASSWORD_LINK_LIMIT = { points: 30, duration: 600 };
/** Wrong floor passwords per client address, over every floor, in 10 minutes. */
export const FLOOR_PASSWORD_ADDRESS_LIMIT = { points: 20, duration: 600 };

/** Who tries a floor password: the participant (null: a newcomer through the invite link) and the address. */
export interface PasswordAttempt {
  /** `user:<id>` for a member, `participant:<id>` for an invited guest; null for the invite link. */
  participant: string | null;
  /** The client's address (X-Forwarded-For only from a trusted proxy, see http/trust-proxy.ts). */
  address: string;
}

/**
 * The floor password on entry (spec §3 Floor.password): members give it to
 * floor:joinOffice, guests to join-guest. Wrong ones are counted per floor
 * and participant and per address (issue 13 item 7), in Redis when the
 * servers share one, so it cannot be guessed by rotating either.
 */
export class FloorPasswordGate {
  private readonly perParticipant: RateLimiterAbstract;
  private readonly perLink: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(redis?: RedisClientType) {
    this.perParticipant = rateLimiter(redis, 'floor_password_fail', FLOOR_PASSWORD_LIMIT);
    this.perLink = rateLimiter(redis, 'floor_password_link_fail', FLOOR_PASSWORD_LINK_LIMIT);
    this.perAddress = rateLimiter(redis, 'floor_password_ip_fail', FLOOR_PASSWORD_ADDRESS_LIMIT);
  }

  /**
   * Nothing when the floor has no password or `given` is right; else
   * FLOOR_PASSWORD_REQUIRED (no password given: not a guess), _ERROR or
   * _LIMIT. An attempt takes its points before the (slow) check and gives
   * them back when right, so guesses sent at once cannot slip past a limit;
   * once a limit is reached even the right password waits.
   */
  async check(floor: Pick<Floor, 'id' | 'passwordHash'>, attempt: PasswordAttempt, given: string | undefined) {
    if (!floor.passwordHash) return;
    const { participant, address } = attempt;
    const counters: [RateLimiterAbstract, string, number][] = [
      // a newcomer through the invite link has no participant yet: their address stands in for one
      [this.perParticipant, `${floor.id}:${participant ?? `link:${address}`}`, FLOOR_PASSWORD_LIMIT.points],
      [this.perAddress, address, FLOOR_PASSWORD_ADDRESS_LIMIT.points],
      ...(participant === null
        ? [[this.perLink, String(floor.id), FLOOR_PASSWORD_LINK_LIMIT.points] as [RateLimiterAbstract, string, number]]
        : []),
    ];
    for (const [limiter, key, points] of counters) {
      const used = await limiter.get(key);
      if (used && used.consumedPoints >= points) throw limited(used);
    }
    if (!given) throw new AppError('FLOOR_PASSWORD_REQUIRED');
    for (const [limiter, key] of counters) {
      try {
        await limiter.consume(key, 1);
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        throw limited(rejection as RateLimiterRes);
      }
    }
    if (await verifyPassword(given, floor.passwordHash)) {
      for (const [limiter, key] of counters) await limiter.reward(key, 1);
      return;
    }
    throw new AppError('FLOOR_PASSWORD_ERROR');
  }
}

const limited = (res: RateLimiterRes) =>
  new AppError('FLOOR_PASSWORD_LIMIT', { values: { retryAfterS: Math.ceil(res.msBeforeNext / 1000) } });
