import type { Socket } from 'socket.io-client';
import type { Ack, ClientEventName, ClientToServerEvents, ServerToClientEvents } from '@tsudoi/common';

/** The renderer's Socket.IO connection, typed by the protocol in common/src/protocol/socket. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type PayloadOf<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
export type AnswerOf<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[1] extends (
  answer: Ack<infer T>,
) => void
  ? T
  : never;
