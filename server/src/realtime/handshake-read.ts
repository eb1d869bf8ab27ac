import { performance } from 'node:perf_hooks';

/** How long the account read at a socket's handshake stands in for another read of it. */
export const HANDSHAKE_READ_MS = 2000;

const reads = new WeakMap<object, { value: unknown; at: number }>();

/**
 * The account row the socket's handshake just read (socket-auth), kept for a moment so that what every
 * (re)connect does next (its profile sent, `floor:joinOffice`) does not read it again: after a restart a
 * thousand clients reconnect at once, and each read was one more query per person. Later requests read
 * the database as before (an account deleted since is refused there).
 */
export function rememberHandshakeRead<T>(socket: object, value: T): void {
  reads.set(socket, { value, at: performance.now() });
}

/** The row the handshake read, while it is fresh (at most HANDSHAKE_READ_MS old); otherwise `load()`. */
export async function handshakeReadOr<T>(socket: object, load: () => Promise<T>): Promise<T> {
  const read = reads.get(socket);
  if (read && performance.now() - read.at <= HANDSHAKE_READ_MS) return read.value as T;
  return load();
}
