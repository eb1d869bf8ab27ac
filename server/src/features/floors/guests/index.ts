import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Guards } from '../../auth/guards';
import { rateLimiter, type RateLimit, type LimitStore } from '../../../lib/rate-limit';
import type { FloorPasswordGate } from './floor-password';
import { guestRoutes } from './guest.routes';
import { GuestService, type GuestServiceDeps } from './guest.service';

export { FloorPasswordGate, FLOOR_PASSWORD_FREE_TRIES } from './floor-password';
export { GUEST_ACCOUNT, GUEST_EMAIL_DOMAIN } from './guest-link';
export { verifyGuestToken, signGuestToken, GUEST_TOKEN_TTL_S, type GuestClaims } from './guest-token';

/** At most 20 new guests per floor and address in 10 minutes through a floor's invite link. */
export const NEW_GUEST_LIMIT = { points: 20, duration: 600 };
/**
 * New guest identities per address over every floor (issue 25 §7): by default
 * 60 in an hour and 5 in 10 seconds — an office joining a public event comes
 * in steadily, a minting loop crawls (GUEST_NEW_PER_ADDRESS, config.ts).
 */
export interface GuestIdentityLimits {
  perAddress: RateLimit;
  burst: RateLimit;
}

export interface GuestFeatureDeps {
  models: Models;
  clock: Clock;
  secret: string;
  redis: LimitStore | undefined;
  passwords: FloorPasswordGate;
  guards: Guards;
  /** Issue 16 hook: the appointment time rule at join-guest. */
  admitGuest?: GuestServiceDeps['admitGuest'];
  identities: GuestIdentityLimits;
}

export function createGuestFeature(deps: GuestFeatureDeps) {
  const { models, clock, secret, redis, passwords, guards, admitGuest, identities } = deps;
  const newGuests = rateLimiter(redis, 'floor_new_guest', NEW_GUEST_LIMIT);
  const newGuestsByAddress = rateLimiter(redis, 'guest_identity_ip', identities.perAddress);
  const newGuestBurst = rateLimiter(redis, 'guest_identity_burst', identities.burst);
  const newGuestLimits = {
    perFloor: NEW_GUEST_LIMIT.points,
    perAddress: identities.perAddress.points,
    burst: identities.burst.points,
  };
  const guests = new GuestService({
    models,
    clock,
    secret,
    passwords,
    newGuests,
    newGuestsByAddress,
    newGuestBurst,
    newGuestLimits,
    admitGuest,
  });
  return { guests, router: guestRoutes(guests, models, clock, guards) };
}
