import { liveFloorOf, prewarmLiveSocket, takeWarmLiveSocket } from './live-prewarm';
import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, cancelled, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  ackSchema,
  floorInitialDataSchema,
  floorUserSchema,
  formatMessage,
  type Ack,
  type Locale,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';
import { openSocket, send, setToken, type AppSocket, type SocketOptions } from '../../services/socket';
import { publishLiveSocket } from '../../services/live-socket';
import { selectAccessToken, sessionReset, sessionRevoked, tokensRefreshed } from '../auth';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { followActiveStatus, syncActiveStatus } from '../presence';
import { roomsLoaded } from './detail-slice';
import { askFloorPassword } from './guest/guest-sagas';
import { guestSessions, type GuestSessions } from './guest/guest-sessions';
import { liveChannel, type LiveMessage } from './live-channel';
import { followInvitations, received } from './live-invite-sagas';
import {
  liveDisconnected,
  liveEnded,
  liveEntered,
  liveJoined,
  liveLeft,
  liveRemoved,
  invitationEnded,
  passwordRequired,
  roomChanged,
  roomJoined,
  roomJoinFailed,
  roomJoinRequested,
  selectLiveFloor,
  usersChanged,
  type LiveFloorState,
} from './live-slice';

export interface LiveFloorSagaDeps {
  api: ApiClient;
  /** Opens the socket (tests pass a fake). */
  open?: (options: SocketOptions) => AppSocket;
  /** Guest sessions by floor (defaults to the page's storage). */
  guests?: GuestSessions;
}

const joinAnswer = ackSchema(floorInitialDataSchema);
const moveAnswer = ackSchema(floorUserSchema);
const AUTH_CODES = new Set(['UNAUTHORIZED', 'AUTHORIZATION_FAILED']);

function* somethingWrong() {
  const locale: Locale = yield select(selectLocale);
  return formatMessage(locale, 'errors.SOMETHING_WENT_WRONG');
}

/**
 * floor:joinOffice; a refusal (finished, not started, full…) is shown and ends the visit (answers true).
 * A floor password is asked for until it is right or the member gives up.
 */
function* joinOffice(socket: AppSocket, floorId: number): SagaIterator<boolean> {
  let password: string | undefined;
  let answer: ReturnType<typeof joinAnswer.safeParse>;
  for (;;) {
    const payload = password ? { floorId, password } : { floorId };
    const raw: Ack<unknown> = yield call(send, socket, 'floor:joinOffice', payload);
    answer = joinAnswer.safeParse(raw);
    if (!answer.success || answer.data.ok || !answer.data.error.code.startsWith('FLOOR_PASSWORD_')) break;
    const { code, message } = answer.data.error;
    const tried = password !== undefined || code === 'FLOOR_PASSWORD_LIMIT';
    const next: string | null = yield* askFloorPassword(floorId, tried ? message : null);
    if (next === null) {
      yield put(liveEnded());
      return true;
    }
    password = next;
  }
  if (answer.success && answer.data.ok) {
    const data = answer.data.data;
    yield put(roomsLoaded({ floorId, rooms: data.rooms }));
    yield put(liveJoined(data));
    const me = data.users.find((u) => u.userId === data.me.userId);
    yield* syncActiveStatus(socket, me);
    return false;
  }
  if (!answer.success || answer.data.ok) yield put(notify({ kind: 'error', message: yield* somethingWrong() }));
  else if (answer.data.error.code === 'TIMED_OUT')
    return false; // the socket is likely down: wait for it
  else {
    // a visit that ended (or a guest turned away) already shows its own dialog: no second word on the refused rejoin
    const live: LiveFloorState = yield select(selectLiveFloor);
    if (live.removal === null) yield put(notify({ kind: 'error', message: answer.data.error.message }));
  }
  yield put(liveEnded());
  return true;
}

/** floor:joinRoom; a locked room asks for its password (the first refusal without one only opens the prompt). */
function* joinRoom(socket: AppSocket, action: ReturnType<typeof roomJoinRequested>) {
  const { roomId, password } = action.payload;
  const raw: Ack<unknown> = yield call(send, socket, 'floor:joinRoom', password ? { roomId, password } : { roomId });
  const answer = moveAnswer.safeParse(raw);
  if (!answer.success) {
    yield put(roomJoinFailed());
    yield put(notify({ kind: 'error', message: yield* somethingWrong() }));
  } else if (answer.data.ok) {
    yield put(roomJoined(answer.data.data));
  } else {
    const { code, message } = answer.data.error;
    if (code === 'PASSWORD_ERROR' || code === 'ROOM_PASSWORD_LIMIT') {
      const tried = password !== undefined || code === 'ROOM_PASSWORD_LIMIT';
      yield put(passwordRequired({ roomId, error: tried ? message : null }));
    } else {
      yield put(roomJoinFailed());
      yield put(notify({ kind: 'error', message }));
    }
  }
}

/** A refused handshake (expired token): renew the session through the API, then try again. */
function* reconnectWithFreshToken(deps: LiveFloorSagaDeps, socket: AppSocket, used: string) {
  try {
    yield call(deps.api.get, '/auth/me');
  } catch {
    // A 401 resets the session (and cancels this saga); other failures retry with the token we have.
  }
  const token: string | null = yield select(selectAccessToken);
  if (!token || token === used) return false;
  setToken(socket, token);
  socket.connect();
  return true;
}

function* handle(deps: LiveFloorSagaDeps, socket: AppSocket, floorId: number, message: LiveMessage, token: string) {
  switch (message.type) {
    case 'connected': {
      const ended: boolean = yield* joinOffice(socket, floorId);
      // joined while the window is hidden: no presence until it is shown
      if (!ended && typeof document !== 'undefined' && document.visibilityState === 'hidden')
        void send(socket, 'floor:setView', { floorId, visible: false });
      return ended;
    }
    case 'disconnected':
      yield put(liveDisconnected());
      if (message.reason === 'io server disconnect') socket.connect();
      return false;
    case 'connectFailed':
      if (
        !socket.active &&
        !(AUTH_CODES.has(message.code ?? '') && (yield* reconnectWithFreshToken(deps, socket, token)))
      ) {
        const signedIn: string | null = yield select(selectAccessToken);
        // a guest session that ended (expired, dismissed): the landing asks for the name again
        if (AUTH_CODES.has(message.code ?? '') && !signedIn) (deps.guests ?? guestSessions).clear(floorId);
        yield put(notify({ kind: 'error', message: message.message }));
        yield put(liveEnded());
        return true;
      }
      return false;
    case 'usersChanged':
      yield put(usersChanged(message.batch));
      return false;
    case 'roomChanged':
      yield put(roomChanged(message.room));
      return false;
    case 'view':
      // a hidden window is sent no presence; shown again, the server sends the whole floor
      if (socket.connected) void send(socket, 'floor:setView', { floorId, visible: message.visible });
      return false;
    case 'removed':
      if (message.floorId !== floorId) return false;
      yield put(liveRemoved({ reason: message.reason, message: message.message }));
      return true;
    case 'invitationReceived':
      yield* received(message.invitation, floorId);
      return false;
    case 'invitationEnded':
      yield put(invitationEnded({ id: message.id, outcome: message.outcome }));
      return false;
  }
}

/** One visit of the live page: connect, join, follow the floor; on leaving, floor:leave and disconnect. */
function* visit(deps: LiveFloorSagaDeps, floorId: number) {
  const signedIn: string | null = yield select(selectAccessToken);
  const locale: Locale = yield select(selectLocale);
  // an account-less guest enters with the session of their link (features/floors/guest)
  const token = signedIn ?? (deps.guests ?? guestSessions).read(floorId)?.token;
  if (!token) return;
  // the socket the page opened while it started (live-prewarm.ts), else a new one
  const socket: AppSocket =
    takeWarmLiveSocket(floorId, { token, locale }) ?? (yield call(deps.open ?? openSocket, { token, locale }));
  const channel: EventChannel<LiveMessage> = yield call(liveChannel, socket);
  publishLiveSocket(socket);
  let ended = false;
  try {
    yield takeEvery(tokensRefreshed.type, (a: ReturnType<typeof tokensRefreshed>) =>
      setToken(socket, a.payload.accessToken),
    );
    yield takeLatest(roomJoinRequested.type, joinRoom, socket);
    yield* followInvitations(socket);
    yield* followActiveStatus(socket);
    for (;;) {
      const message: LiveMessage = yield take(channel);
      const current: string | null = yield select(selectAccessToken);
      if (yield* handle(deps, socket, floorId, message, current ?? token)) break;
    }
    ended = true;
  } finally {
    channel.close();
    publishLiveSocket(null);
    const wasCancelled: boolean = yield cancelled();
    const leaving = wasCancelled && !ended && socket.connected;
    // floor:leave is not waited for long (the page is gone); the socket closes after it either way.
    if (leaving) void send(socket, 'floor:leave', {}, 2000).finally(() => socket.disconnect());
    else socket.disconnect();
  }
}

/**
 * At start-up, on a live page address opened signed in: the floor's socket
 * connects while the session is checked and the page renders (live-prewarm.ts).
 */
export function* prewarmLive(location: { pathname: string; search: string } | undefined = globalThis.location) {
  const floorId = location ? liveFloorOf(location) : null;
  const token: string | null = yield select(selectAccessToken);
  if (floorId === null || !token) return;
  const locale: Locale = yield select(selectLocale);
  prewarmLiveSocket(floorId, { token, locale });
}

/** Each live page visit runs until the page closes, another floor opens, or the session ends (sign-out, revocation). */
export function* liveFloorSaga(deps: LiveFloorSagaDeps) {
  yield call(prewarmLive);
  let entered: ReturnType<typeof liveEntered> = yield take(liveEntered.type);
  for (;;) {
    const outcome: { next?: ReturnType<typeof liveEntered> } = yield race({
      visit: call(visit, deps, entered.payload),
      // the server ended the sign-in or took the team away: the visit ends with it (no reconnect)
      left: take([liveLeft.type, sessionReset.type, sessionRevoked.type]),
      next: take(liveEntered.type),
    });
    if (outcome.next) entered = outcome.next;
    else entered = (yield take(liveEntered.type)) as ReturnType<typeof liveEntered>;
  }
}
