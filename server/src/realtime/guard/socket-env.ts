import { z } from 'zod';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './limits';

const cap = z.coerce.number().int().min(1).max(100_000).optional();

/**
 * The per-address limits an operator may change (a large office behind one
 * NAT address needs higher ones): open sockets, and account-less guests'
 * handshakes and new identities (issue 25 §7).
 */
export const socketEnvSchema = z.object({
  SOCKET_MAX_PER_ACCOUNT: cap,
  SOCKET_MAX_PER_GUEST: cap,
  SOCKET_MAX_PER_ADDRESS: cap,
  /** Guest sockets one address may open in a minute (a quarter of them in any 10 s). */
  SOCKET_GUEST_HANDSHAKES_PER_ADDRESS: cap,
  /** New guest identities one address may make in an hour, over every floor (a twelfth of them, at least 5, in any 10 s). */
  GUEST_NEW_PER_ADDRESS: cap,
});

/** The limits of new guest identities per address (floors/guests). */
export function guestIdentityLimits(e: z.infer<typeof socketEnvSchema>) {
  const perHour = e.GUEST_NEW_PER_ADDRESS ?? 60;
  return {
    perAddress: { points: perHour, duration: 3600 },
    burst: { points: Math.max(5, Math.ceil(perHour / 12)), duration: 10 },
  };
}

export function socketLimitsFromEnv(e: z.infer<typeof socketEnvSchema>): SocketLimits {
  const d = DEFAULT_SOCKET_LIMITS.sockets;
  const guests = e.SOCKET_GUEST_HANDSHAKES_PER_ADDRESS;
  return {
    ...DEFAULT_SOCKET_LIMITS,
    ...(guests
      ? {
          guestHandshakesPerAddress: { points: guests, duration: 60 },
          guestHandshakeBurstPerAddress: { points: Math.max(1, Math.ceil(guests / 4)), duration: 10 },
        }
      : {}),
    sockets: {
      perAccount: e.SOCKET_MAX_PER_ACCOUNT ?? d.perAccount,
      perGuest: e.SOCKET_MAX_PER_GUEST ?? d.perGuest,
      perAddress: e.SOCKET_MAX_PER_ADDRESS ?? d.perAddress,
    },
  };
}
