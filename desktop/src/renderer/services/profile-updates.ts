import { userSchema, type UserDto } from '@tsudoi/common';
import type { AppSocket } from '@tsudoi/ui/session';

/**
 * `profile:updated` of every socket the renderer opens (chat and live
 * floor): the server sends the account's new profile after any change of it,
 * in this tab or another one, and on every (re)connect, so a change made while
 * the socket was away is not missed (features/users ProfileFeed on the server). The
 * profile feature's saga listens and updates the signed-in user.
 */
type Listener = (update: ProfileUpdate) => void;
/** The account's profile: after a change, and as it is when a socket (re)connects (the server sends it then). */
export type ProfileUpdate = { user: UserDto };
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
  return socket;
}

/** Calls `listener` with every profile update from now on; answers the unsubscribe. */
export function onProfileUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
