import type { RedisClientType } from 'redis';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Guards } from '../../auth/guards';
import { rateLimiter } from '../../../lib/rate-limit';
import type { FloorPasswordGate } from './floor-password';
import { guestRoutes } from './guest.routes';
import { GuestService, type GuestServiceDeps } from './guest.service';

export { FloorPasswordGate, FLOOR_PASSWORD_FREE_TRIES } from './floor-password';
export { GUEST_ACCOUNT, GUEST_EMAIL_DOMAIN } from './guest-link';
export { verifyGuestToken, signGuestToken, GUEST_TOKEN_TTL_S, type GuestClaims } from './guest-token';

/** At most 20 new guests per floor and address in 10 minutes through a floor's invite link. */
export const NEW_GUEST_LIMIT = { points: 20, duration: 600 };

export interface GuestFeatureDeps {
  models: Models;
  clock: Clock;
  secret: string;
  redis: RedisClientType | undefined;
  passwords: FloorPasswordGate;
  guards: Guards;
  /** Issue 16 hook: the appointment time rule at join-guest. */
  admitGuest?: GuestServiceDeps['admitGuest'];
}

export function createGuestFeature({ models, clock, secret, redis, passwords, guards, admitGuest }: GuestFeatureDeps) {
  const newGuests = rateLimiter(redis, 'floor_new_guest', NEW_GUEST_LIMIT);
  const guests = new GuestService({ models, clock, secret, passwords, newGuests, admitGuest });
  return { guests, router: guestRoutes(guests, models, clock, guards) };
}
