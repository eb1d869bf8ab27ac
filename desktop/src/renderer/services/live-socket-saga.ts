import { buffers, eventChannel, type Task } from 'redux-saga';
import { cancel, fork, take } from 'redux-saga/effects';
import { currentLiveSocket, onLiveSocket } from './live-socket';
import type { AppSocket } from './socket';

/**
 * Runs `session` for the live floor's socket (see live-socket.ts): one task per
 * socket the live page opens, cancelled when the socket changes or goes away.
 */
export function* sessionPerLiveSocket(session: (socket: AppSocket) => Generator) {
  const sockets = eventChannel<{ socket: AppSocket | null }>(
    (emit) => onLiveSocket((socket) => emit({ socket })),
    buffers.sliding(4),
  );
  let task: Task | undefined;
  const initial = currentLiveSocket();
  if (initial) task = (yield fork(session, initial)) as Task;
  for (;;) {
    const { socket }: { socket: AppSocket | null } = yield take(sockets);
    if (task) yield cancel(task);
    task = socket ? ((yield fork(session, socket)) as Task) : undefined;
  }
}
