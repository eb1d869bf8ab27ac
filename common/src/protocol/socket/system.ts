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

export const systemSchemas = { 'system:ping': systemPingSchema } as const;
