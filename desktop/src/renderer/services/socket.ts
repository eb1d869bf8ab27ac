import { io } from 'socket.io-client';
import type { AppSocket, PayloadOf } from '@tsudoi/ui/session';
import { watchRevocation } from '@tsudoi/ui/session';
import { watchProfileUpdates } from './profile-updates';
import {
  request,
  SOCKET_RECONNECT,
  SOCKET_REQUEST_TIMEOUT_MS,
  type Ack,
  type ClientEventName,
  type Locale,
} from '@tsudoi/common';

export type { AnswerOf, AppSocket, PayloadOf } from '@tsudoi/ui/session';

export interface SocketOptions {
  /** The access token of the signed-in user (handshake `auth: { token }`). */
  token: string;
  locale: Locale;
  /** Defaults to the page origin (the server serves the floor UI and Socket.IO together). */
  url?: string;
}

/**
 * Opens a socket to the page origin. It reconnects by itself (Socket.IO's
 * back-off); `setToken` swaps the token used by the next handshake after a
 * refresh.
 */
export function openSocket({ token, locale, url }: SocketOptions): AppSocket {
  const options = {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    query: { lang: locale },
    reconnection: true,
    ...SOCKET_RECONNECT,
  };
  // a revoked sign-in or standing is told on every socket (services/session-revocation)
  return watchProfileUpdates(watchRevocation<AppSocket>(url ? io(url, options) : io(options)));
}

export function setToken(socket: AppSocket, token: string): void {
  socket.auth = { token };
}

/**
 * A typed request: the answer of the acknowledgement, or TIMED_OUT ('Timed
 * Out') after 10000 ms without one. Validate `data` before use.
 */
export function send<E extends ClientEventName>(
  socket: AppSocket,
  event: E,
  payload: PayloadOf<E>,
  timeoutMs = SOCKET_REQUEST_TIMEOUT_MS,
): Promise<Ack<unknown>> {
  return request<unknown>(socket, event, payload, timeoutMs);
}
