import { userSchema, type UserDto } from '@tsudoi/common';
import type { AppSocket } from './socket';

/**
 * `profile:updated` of every socket the renderer opens (chat and live
 * floor): the server sends the account's new profile after any change of it,
 * in this tab or another one (features/users ProfileFeed on the server). The
 * profile feature's saga listens and updates the signed-in user.
 */
type Listener = (update: ProfileUpdate) => void;
/** The new profile, or `stale`: a socket (re)connected and may have missed one while it was away. */
export type ProfileUpdate = { user: UserDto } | { stale: true };
const listeners = new Set<Listener>();
const tell = (update: ProfileUpdate) => {
  for (const listener of listeners) listener(update);
};

/** Follows a socket's `profile:updated` for as long as the socket lives; answers the socket. */
export function watchProfileUpdates<S extends Pick<AppSocket, 'on'>>(socket: S): S {
  socket.on('profile:updated', (payload: unknown) => {
    const user = userSchema.safeParse(payload);
    if (user.success) tell({ user: user.data });
  });
  // a change made before this socket was connected (or while it was away) was sent to nobody here
  socket.on('connect', () => tell({ stale: true }));
  return socket;
}

/** Calls `listener` with every profile update from now on; answers the unsubscribe. */
export function onProfileUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
