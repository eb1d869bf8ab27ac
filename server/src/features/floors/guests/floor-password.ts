import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../../http/app-error';
import { backoffS, consumed, rateLimiter, type LimitStore } from '../../../lib/rate-limit';
import { verifyPassword } from '../../auth/password';
import type { Floor } from '../floor.model';

/** Wrong floor passwords one guesser may try on a floor before each further try waits (back-off, reset by a right one). */
export const FLOOR_PASSWORD_FREE_TRIES = 5;
/** The back-off doubles from 1 s up to this wait (seconds). */
export const FLOOR_PASSWORD_MAX_WAIT_S = 300;
/** How long a guesser's wrong tries on a floor are remembered (seconds). */
export const FLOOR_PASSWORD_MEMORY_S = 3600;
/** Wrong floor passwords per client address, over every floor, in 10 minutes: then that address waits. */
export const FLOOR_PASSWORD_ADDRESS_LIMIT = { points: 20, duration: 600 };
/** Wrong passwords on one floor (from anyone) in 10 minutes after which its host is told someone is guessing. */
export const FLOOR_PASSWORD_ALERT = { points: 20, duration: 600 };

/** The wait (seconds) after a guesser's n-th wrong try on a floor (1-based): none, then 1, 2, 4 … up to the maximum. */
export const floorPasswordWaitS = (tries: number): number =>
  backoffS(tries, FLOOR_PASSWORD_FREE_TRIES, FLOOR_PASSWORD_MAX_WAIT_S);

/** Who tries a floor password: the participant (null: a newcomer through the invite link) and the address. */
export interface PasswordAttempt {
  /** `user:<id>` for a member, `participant:<id>` for an invited guest; null for the invite link. */
  participant: string | null;
  /** The client's address (X-Forwarded-For only from a trusted proxy, see http/trust-proxy.ts). */
  address: string;
}

/** Someone is guessing a floor's password: its host is told (at most once per alert window). */
export type GuessingAlert = (floorId: number, wrongTries: number) => void;

const limited = (msBeforeNext: number) =>
  new AppError('FLOOR_PASSWORD_LIMIT', { values: { retryAfterS: Math.max(1, Math.ceil(msBeforeNext / 1000)) } });

/**
 * The floor password on entry (spec §3 Floor.password): members give it to
 * floor:joinOffice, guests to join-guest. It limits the guesser, never the
 * event (issue 25 §6):
 *
 * - per guesser and floor (a member's account, an invited guest's link, or
 *   for a newcomer through the invite link their address), a back-off:
 *   FLOOR_PASSWORD_FREE_TRIES wrong tries, then each further one waits 1 s,
 *   2 s, 4 s … up to 5 minutes after the previous; the right password ends it;
 * - per address over every floor, FLOOR_PASSWORD_ADDRESS_LIMIT wrong tries,
 *   then that address waits until the window passes;
 * - per floor, no lock at all: past FLOOR_PASSWORD_ALERT wrong tries the host
 *   is told that someone is guessing. The right password from an address
 *   that is not itself held always gets in, however many others guess.
 *
 * Every try is counted before the (slow) check, so guesses sent at once
 * cannot slip past; a right one gives its count back. Counters live in Redis
 * when the servers share one, otherwise in memory.
 */
export class FloorPasswordGate {
  private readonly tries: RateLimiterAbstract;
  private readonly gate: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly perFloor: RateLimiterAbstract;
  private readonly alerted: RateLimiterAbstract;
  private alert: GuessingAlert = () => undefined;

  constructor(redis?: LimitStore) {
    this.tries = rateLimiter(redis, 'floor_password_tries', { points: 1_000_000, duration: FLOOR_PASSWORD_MEMORY_S });
    this.gate = rateLimiter(redis, 'floor_password_gate', { points: 1, duration: FLOOR_PASSWORD_MAX_WAIT_S });
    this.perAddress = rateLimiter(redis, 'floor_password_ip_fail', FLOOR_PASSWORD_ADDRESS_LIMIT);
    this.perFloor = rateLimiter(redis, 'floor_password_floor_fail', {
      points: 1_000_000,
      duration: FLOOR_PASSWORD_ALERT.duration,
    });
    this.alerted = rateLimiter(redis, 'floor_password_alerted', { points: 1, duration: FLOOR_PASSWORD_ALERT.duration });
  }

  /** Who tells a floor's host that someone is guessing (the live floor and the mailer). */
  onGuessing(alert: GuessingAlert): void {
    this.alert = alert;
  }

  /**
   * Nothing when the floor has no password or `given` is right; else
   * FLOOR_PASSWORD_REQUIRED (no password given: not a guess), _ERROR, or
   * _LIMIT with Retry-After while this guesser or address waits.
   */
  async check(floor: Pick<Floor, 'id' | 'passwordHash'>, attempt: PasswordAttempt, given: string | undefined) {
    if (!floor.passwordHash) return;
    const { participant, address } = attempt;
    // a newcomer through the invite link has no participant yet: their address stands in for one
    const guesser = `${floor.id}:${participant ?? `link:${address}`}`;
    const byAddress = await this.perAddress.get(address);
    if (byAddress && byAddress.consumedPoints >= FLOOR_PASSWORD_ADDRESS_LIMIT.points)
      throw limited(byAddress.msBeforeNext);
    const waiting = await this.gate.get(guesser);
    if (waiting && waiting.consumedPoints >= 1) throw limited(waiting.msBeforeNext);
    if (!given) throw new AppError('FLOOR_PASSWORD_REQUIRED');
    // counted before the check: parallel guesses are each counted
    const { consumedPoints: tries } = await this.tries.penalty(guesser, 1);
    const wait = floorPasswordWaitS(tries);
    if (wait > 0) {
      const refused = await consumed(this.gate, guesser, { customDuration: wait });
      if (refused) {
        await this.tries.reward(guesser, 1);
        throw limited(refused.msBeforeNext);
      }
    }
    const addressRefused = await consumed(this.perAddress, address);
    if (addressRefused) {
      await this.tries.reward(guesser, 1);
      throw limited(addressRefused.msBeforeNext);
    }
    if (await verifyPassword(given, floor.passwordHash)) {
      await Promise.all([this.tries.delete(guesser), this.gate.delete(guesser), this.perAddress.reward(address, 1)]);
      return;
    }
    await this.wrong(floor.id);
    throw new AppError('FLOOR_PASSWORD_ERROR');
  }

  /** A wrong try on a floor: past the alert's count, its host is told (once per window). */
  private async wrong(floorId: number): Promise<void> {
    const { consumedPoints } = await this.perFloor.penalty(String(floorId), 1);
    if (consumedPoints < FLOOR_PASSWORD_ALERT.points) return;
    if (await consumed(this.alerted, String(floorId))) return;
    this.alert(floorId, consumedPoints);
  }
}
