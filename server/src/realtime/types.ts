import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Locale, ServerToClientEvents } from '@tsudoi/common';

export interface SocketData {
  locale: Locale;
  /** Set by the authenticator once the accounts feature resolves the token. */
  userId?: number;
  /** The sign-in (refresh-token family) of a user's socket; none for a guest session (features/sessions). */
  sessionId?: string;
  participantId?: string;
  /** A guest session's socket: the one floor it may join (features/floors/guests). */
  guestFloorId?: number;
  /** The floor this socket joined (floor:joinOffice); its channel membership is the truth. */
  floorId?: number;
  /** The socket's person is a booked visitor of that floor (floors/outsider-policy isVisitor). */
  visitor?: boolean;
}

/** Events between the server processes (Socket.IO serverSideEmit over the adapter). */
interface InterServerEvents {
  /** The live floor's cached sessions or rooms of a floor are stale (features/floors/live/live-invalidation). */
  'floor:invalidate': (change: { floorId: number; what: 'access' | 'rooms' }) => void;
}
export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * The auth-middleware slot: given the handshake, fills socket.data or throws
 * an AppError (the client receives `connect_error` with the catalogue code).
 */
export type SocketAuthenticator = (socket: IoSocket) => Promise<void> | void;
