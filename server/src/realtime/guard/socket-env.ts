import { z } from 'zod';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './limits';

const cap = z.coerce.number().int().min(1).max(100_000).optional();

/** The open-socket caps an operator may change (a large office behind one NAT address needs a higher one). */
export const socketEnvSchema = z.object({
  SOCKET_MAX_PER_ACCOUNT: cap,
  SOCKET_MAX_PER_GUEST: cap,
  SOCKET_MAX_PER_ADDRESS: cap,
});

export function socketLimitsFromEnv(e: z.infer<typeof socketEnvSchema>): SocketLimits {
  const d = DEFAULT_SOCKET_LIMITS.sockets;
  return {
    ...DEFAULT_SOCKET_LIMITS,
    sockets: {
      perAccount: e.SOCKET_MAX_PER_ACCOUNT ?? d.perAccount,
      perGuest: e.SOCKET_MAX_PER_GUEST ?? d.perGuest,
      perAddress: e.SOCKET_MAX_PER_ADDRESS ?? d.perAddress,
    },
  };
}
