import { sessionNoticeSchema, sessionRevokedSchema, type SessionNotice, type SessionRevoked } from '@tsudoi/common';
import type { AppSocket } from './socket-types';

/**
 * `session:revoked` of every socket the renderer opens (the chat socket, the
 * live floor's socket), in one place: the server sends it just before it
 * disconnects a socket whose sign-in or standing ended (signed out elsewhere,
 * password reset or changed, account deleted, removed from the team). The
 * auth feature's revocation saga listens (features/auth/revocation-saga.ts).
 */
type Listener = (revoked: SessionRevoked) => void;
const listeners = new Set<Listener>();
type NoticeListener = (notice: SessionNotice) => void;
const noticeListeners = new Set<NoticeListener>();

/** Follows a socket's `session:revoked` (and `session:notice`) for as long as the socket lives; answers the socket. */
export function watchRevocation<S extends Pick<AppSocket, 'on'>>(socket: S): S {
  socket.on('session:revoked', (payload: unknown) => {
    const revoked = sessionRevokedSchema.safeParse(payload);
    if (!revoked.success) return;
    for (const listener of listeners) listener(revoked.data);
  });
  socket.on('session:notice', (payload: unknown) => {
    const notice = sessionNoticeSchema.safeParse(payload);
    if (!notice.success) return;
    for (const listener of noticeListeners) listener(notice.data);
  });
  return socket;
}

/** Calls `listener` with every account notice from now on; answers the unsubscribe. */
export function onNotice(listener: NoticeListener): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** Calls `listener` with every revocation from now on; answers the unsubscribe. */
export function onRevocation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
