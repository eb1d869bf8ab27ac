/**
 * One typed protocol: each feature adds its own file with client→server
 * (imperative, `feature:verb`) and server→client (past tense) event maps and
 * the zod schemas of the client payloads; they are merged here.
 */
import { systemSchemas, type SystemClientEvents, type SystemServerEvents } from './system';
import { floorSchemas, type FloorClientEvents, type FloorServerEvents } from './floor';

export * from './ack';
export * from './system';
export * from './floor';
export * from './floor-events';
export * from './request';

export type ClientToServerEvents = SystemClientEvents & FloorClientEvents;
export type ServerToClientEvents = SystemServerEvents & FloorServerEvents;

export const clientEventSchemas = { ...systemSchemas, ...floorSchemas } as const;
export type ClientEventName = keyof ClientToServerEvents & keyof typeof clientEventSchemas;

/** Handshake `auth` and `query` parts (spec §7.13). */
export interface SocketHandshakeAuth {
  token?: string;
}
export interface SocketHandshakeQuery {
  lang?: 'ja' | 'en';
  participantId?: string;
  userId?: string;
}
