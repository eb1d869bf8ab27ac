import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';
import { rateLimiter, type LimitStore } from '../../lib/rate-limit';
import type { SocketLimits } from './limits';

const limited = (msBeforeNext: number) =>
  new AppError('RATE_LIMITED', { values: { retryAfterS: Math.max(1, Math.ceil(msBeforeNext / 1000)) } });

/**
 * Who may open a socket now, before the open-socket caps: a client address
 * within its handshake budget (checked before the token, so a reconnect storm
 * costs no database lookup), and an account or guest that is not cooling down
 * after one of its sockets flooded. Shared through Redis when there is one.
 * A refused handshake is RATE_LIMITED with the seconds to wait.
 */
export class HandshakeGate {
  private readonly handshakes: RateLimiterAbstract;
  private readonly accountHandshakes: RateLimiterAbstract;
  private readonly guestHandshakes: RateLimiterAbstract;
  private readonly guestAddressHandshakes: RateLimiterAbstract;
  private readonly guestAddressBurst: RateLimiterAbstract;
  private readonly cooldown: RateLimiterAbstract;
  private readonly cooldownS: number;
  /** Addresses answered RATE_LIMITED in their current handshake window (this process). */
  private readonly refused = new Map<string, { count: number; until: number }>();

  constructor(
    redis: LimitStore | undefined,
    private readonly limits: Pick<
      SocketLimits,
      | 'handshakes'
      | 'identityHandshakes'
      | 'guestHandshakesPerAddress'
      | 'guestHandshakeBurstPerAddress'
      | 'handshakeDropAfter'
      | 'flood'
    >,
    private readonly onStoreError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.handshakes = rateLimiter(redis, 'socket_handshake', limits.handshakes, { blockInMemory: true });
    const { account, guest } = limits.identityHandshakes;
    this.accountHandshakes = rateLimiter(redis, 'socket_handshake_account', account, { blockInMemory: true });
    this.guestHandshakes = rateLimiter(redis, 'socket_handshake_guest', guest, { blockInMemory: true });
    this.guestAddressHandshakes = rateLimiter(redis, 'socket_handshake_guest_ip', limits.guestHandshakesPerAddress, {
      blockInMemory: true,
    });
    this.guestAddressBurst = rateLimiter(redis, 'socket_handshake_guest_burst', limits.guestHandshakeBurstPerAddress, {
      blockInMemory: true,
    });
    this.cooldownS = limits.flood.cooldown;
    this.cooldown = rateLimiter(redis, 'socket_flood_cooldown', { points: 1, duration: this.cooldownS });
  }

  /**
   * Whether a new connection from `address` is dropped before Engine.IO opens
   * a session (Socket.IO's `allowRequest`): the address kept trying after
   * `handshakeDropAfter` clear refusals in its window. It gets a bare 403.
   */
  dropped(address: string): boolean {
    const entry = this.refused.get(address);
    if (!entry) return false;
    if (entry.until <= this.now()) {
      this.refused.delete(address);
      return false;
    }
    return entry.count >= this.limits.handshakeDropAfter;
  }

  /** Spends one handshake of the address's budget, or refuses. */
  async admitAddress(address: string): Promise<void> {
    try {
      await this.handshakes.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return this.onStoreError(rejection);
      this.noteRefused(address, rejection.msBeforeNext);
      throw limited(rejection.msBeforeNext);
    }
  }

  private noteRefused(address: string, msBeforeNext: number): void {
    const t = this.now();
    if (this.refused.size > 10_000) for (const [a, e] of this.refused) if (e.until <= t) this.refused.delete(a);
    const entry = this.refused.get(address);
    if (entry && entry.until > t) entry.count += 1;
    else this.refused.set(address, { count: 1, until: t + Math.max(1000, msBeforeNext) });
  }

  /**
   * Spends one handshake of the identity the token names (an account, or an
   * account-less guest: a much smaller budget), or refuses; the refusal also
   * counts toward dropping the address's handshakes (it keeps trying).
   */
  async admitIdentity(key: string, guest: boolean, address: string): Promise<void> {
    try {
      if (guest) {
        await this.guestAddressBurst.consume(address);
        await this.guestAddressHandshakes.consume(address);
      }
      await (guest ? this.guestHandshakes : this.accountHandshakes).consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return this.onStoreError(rejection);
      this.noteRefused(address, rejection.msBeforeNext);
      throw limited(rejection.msBeforeNext);
    }
  }

  /** Refuses an account or guest cooling down after a flood. */
  async admitAccount(key: string): Promise<void> {
    let res: RateLimiterRes | null = null;
    try {
      res = await this.cooldown.get(key);
    } catch (err) {
      this.onStoreError(err);
    }
    if (res && res.consumedPoints > 1 && res.msBeforeNext > 0) throw limited(res.msBeforeNext);
  }

  /** One of the account's sockets flooded: it may not connect again for the cooldown. */
  coolDown(key: string): void {
    this.cooldown.block(key, this.cooldownS).catch(this.onStoreError);
  }
}
