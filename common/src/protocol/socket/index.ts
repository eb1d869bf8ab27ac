/**
 * One typed protocol: each feature adds its own file with client→server
 * (imperative, `feature:verb`) and server→client (past tense) event maps and
 * the zod schemas of the client payloads; they are merged here.
 */
import { systemSchemas, type SystemClientEvents, type SystemServerEvents } from './system';
import { floorSchemas, type FloorClientEvents, type FloorServerEvents } from './floor';
import { chatSchemas, type ChatClientEvents, type ChatServerEvents } from './chat';
import { mediaSchemas, type MediaClientEvents, type MediaServerEvents } from './media';
import { mediaRequestSchemas, type MediaRequestClientEvents, type MediaRequestServerEvents } from './media-requests';

export * from './ack';
export * from './system';
export * from './floor';
export * from './floor-events';
export * from './chat';
export * from './chat-events';
export * from './media';
export * from './media-requests';
export * from './request';

export type ClientToServerEvents = SystemClientEvents &
  FloorClientEvents &
  ChatClientEvents &
  MediaClientEvents &
  MediaRequestClientEvents;
export type ServerToClientEvents = SystemServerEvents &
  FloorServerEvents &
  ChatServerEvents &
  MediaServerEvents &
  MediaRequestServerEvents;

export const clientEventSchemas = {
  ...systemSchemas,
  ...floorSchemas,
  ...chatSchemas,
  ...mediaSchemas,
  ...mediaRequestSchemas,
} as const;
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
