import { io } from 'socket.io-client';
import type { Locale } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { watchRevocation } from '@tsudoi/ui/session';
import { watchProfileUpdates } from '../../services/profile-updates';

/** Socket retry (spec §9.1): 1 s. */
export const CHAT_RETRY_MS = 1000;

export interface ChatSocketOptions {
  token: string;
  locale: Locale;
  userId: number;
  /** A guest's participant id, from the route query `id` (spec §7.13). */
  participantId?: string | null;
  /** Defaults to the page origin. */
  url?: string;
}

/**
 * The chat socket (spec §7.13): the token in its auth part, lang, userId and
 * participantId in its query. Socket.IO reconnects by itself after a dropped
 * connection, every CHAT_RETRY_MS (with jitter so a restarted server is not
 * hit by every client at once); the saga handles handshake refusals.
 */
export function openChatSocket({ token, locale, userId, participantId, url }: ChatSocketOptions): AppSocket {
  const query: Record<string, string> = { lang: locale, userId: String(userId) };
  if (participantId) query.participantId = participantId;
  const options = {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    query,
    reconnection: true,
    reconnectionDelay: CHAT_RETRY_MS,
    reconnectionDelayMax: CHAT_RETRY_MS,
  };
  return watchProfileUpdates(watchRevocation<AppSocket>(url ? io(url, options) : io(options)));
}
