import { z } from 'zod';
import type { AckCallback } from './ack';

/**
 * system:* — connection housekeeping. `system:ping` measures round trip and
 * the clock offset to the server (floor countdowns run on server time).
 */
export const systemPingSchema = z.object({ sentAt: z.number().int().nonnegative() });
export type SystemPing = z.infer<typeof systemPingSchema>;
export interface SystemPong {
  sentAt: number;
  serverTime: number;
}

export interface SystemClientEvents {
  'system:ping': (payload: SystemPing, ack: AckCallback<SystemPong>) => void;
}
export interface SystemServerEvents {
  /** Sent once after the handshake: who the server thinks you are. */
  'system:welcome': (payload: { socketId: string; serverTime: number; locale: 'ja' | 'en' }) => void;
}

/**
 * How a client comes back after losing the server (Socket.IO's back-off): the first try after 0.5 s, each
 * next one twice as late, never later than 3 s, each delay shortened by up to half at random so a thousand
 * clients that lost the server together do not come back in one wave. The cap keeps everyone back within
 * 5 s of the server answering again (a try at most 3 s away, the join after it). The reconnect bench
 * (bench/reconnect-storm.ts) uses the same settings.
 */
export const SOCKET_RECONNECT = {
  reconnectionDelay: 500,
  reconnectionDelayMax: 3000,
  randomizationFactor: 0.5,
} as const;

export const systemSchemas = { 'system:ping': systemPingSchema } as const;
