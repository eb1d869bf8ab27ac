import type { AppSocket } from './socket';

/**
 * The live floor's socket, published while a live page visit has it open
 * (features/floors live-sagas). Features that ride on the same connection
 * (media: the server binds camera and microphone to the socket that joined
 * the floor) follow it here instead of importing the floor's sagas.
 */
type Listener = (socket: AppSocket | null) => void;
let current: AppSocket | null = null;
const listeners = new Set<Listener>();

export function publishLiveSocket(socket: AppSocket | null): void {
  if (current === socket) return;
  current = socket;
  for (const listener of listeners) listener(socket);
}

export function currentLiveSocket(): AppSocket | null {
  return current;
}

/** Calls `listener` with every change (not with the current value); answers the unsubscribe. */
export function onLiveSocket(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
