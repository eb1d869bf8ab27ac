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
import { presentationSchemas, type PresentationClientEvents, type PresentationServerEvents } from './presentation';
import type { SessionServerEvents } from './session';
import type { AttendanceServerEvents } from './attendance';
import type { ActivityServerEvents } from './activities';
import { recordingSchemas, type RecordingClientEvents, type RecordingServerEvents } from './recording';
import { profileSchemas, type ProfileClientEvents, type ProfileServerEvents } from './profile';
import { appointmentSchemas, type AppointmentClientEvents, type AppointmentServerEvents } from './appointments';

export * from './ack';
export * from './system';
export * from './floor';
export * from './floor-events';
export * from './chat';
export * from './chat-events';
export * from './media';
export * from './media-requests';
export * from './request';
export * from './session';
export * from './attendance';
export * from './recording';
export * from './presentation';
export * from './profile';
export * from './appointments';
export * from './activities';

export type ClientToServerEvents = SystemClientEvents &
  FloorClientEvents &
  ChatClientEvents &
  MediaClientEvents &
  MediaRequestClientEvents &
  RecordingClientEvents &
  PresentationClientEvents &
  ProfileClientEvents &
  AppointmentClientEvents;
export type ServerToClientEvents = SystemServerEvents &
  FloorServerEvents &
  ChatServerEvents &
  MediaServerEvents &
  MediaRequestServerEvents &
  SessionServerEvents &
  AttendanceServerEvents &
  RecordingServerEvents &
  PresentationServerEvents &
  ProfileServerEvents &
  AppointmentServerEvents &
  ActivityServerEvents;

export const clientEventSchemas = {
  ...systemSchemas,
  ...floorSchemas,
  ...chatSchemas,
  ...mediaSchemas,
  ...mediaRequestSchemas,
  ...recordingSchemas,
  ...presentationSchemas,
  ...profileSchemas,
  ...appointmentSchemas,
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
