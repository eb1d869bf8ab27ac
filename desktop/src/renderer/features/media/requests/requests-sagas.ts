import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { afterEachJoin } from '../../floors/after-join';
import { call, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import {
  errorMessageId,
  formatMessage,
  mediaProducerClosedSchema,
  mediaRequestDtoSchema,
  mediaRequestEndedSchema,
  mediaRequestListSchema,
  type Ack,
  type Locale,
  type MediaRequestDto,
  type MediaRequestEnded,
  type MediaSource,
} from '@tsudoi/common';
import { sessionPerLiveSocket } from '../../../services/live-socket-saga';
import { send, type AppSocket } from '../../../services/socket';
import { selectLiveFloor, type LiveFloorState } from '../../floors/live-slice';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { cameraToggled, micToggled, screenToggled, selectMedia, type MediaState } from '../media-slice';
import {
  hostTurnedOff,
  mediaNoticeDismissed,
  mediaRequestAnswerRequested,
  mediaRequestAsked,
  mediaRequestCancelRequested,
  mediaRequestEnded,
  mediaRequestFailed,
  mediaRequestReceived,
  mediaRequestSent,
  mediaRequestsListed,
  mediaRequestsReset,
  turnOffAllFinished,
  turnOffAllRequested,
  type MediaNotice,
} from './requests-slice';

const NOTICE_MS = 6000;

type ServerEvent =
  | { type: 'received'; request: MediaRequestDto }
  | { type: 'ended'; ended: MediaRequestEnded }
  | { type: 'hostOff'; source: MediaSource };

/** The live socket's request and host-control events, checked with zod. */
const serverEvents = (socket: AppSocket): EventChannel<ServerEvent> =>
  eventChannel((emit) => {
    const onReceived = (p: unknown) => {
      const parsed = mediaRequestDtoSchema.safeParse(p);
      if (parsed.success) emit({ type: 'received', request: parsed.data });
    };
    const onEnded = (p: unknown) => {
      const parsed = mediaRequestEndedSchema.safeParse(p);
      if (parsed.success) emit({ type: 'ended', ended: parsed.data });
    };
    const onClosed = (p: unknown) => {
      const parsed = mediaProducerClosedSchema.safeParse(p);
      if (parsed.success && parsed.data.reason === 'host' && parsed.data.source)
        emit({ type: 'hostOff', source: parsed.data.source });
    };
    const s = socket as unknown as { on(e: string, l: (p: unknown) => void): void; off(e: string, l: unknown): void };
    s.on('media:requestReceived', onReceived);
    s.on('media:requestEnded', onEnded);
    s.on('media:producerClosed', onClosed);
    return () => {
      s.off('media:requestReceived', onReceived);
      s.off('media:requestEnded', onEnded);
      s.off('media:producerClosed', onClosed);
    };
  }, buffers.expanding(32));

const toggleOf = { mic: micToggled, camera: cameraToggled, screen: screenToggled } as const;

/** Turns one of my devices on or off through the media saga's own toggles (one path for every switch). */
function* setMine(source: MediaSource, on: boolean) {
  const media: MediaState = yield select(selectMedia);
  if (media[source] !== on) yield put(toggleOf[source]());
}

function* failed(answer: Ack<unknown>) {
  if (answer.ok) return;
  const locale: Locale = yield select(selectLocale);
  yield put(
    notify({
      kind: 'error',
      message: answer.error.message || formatMessage(locale, errorMessageId(answer.error.code)),
    }),
  );
}

function* ask(socket: AppSocket, action: ReturnType<typeof mediaRequestAsked>) {
  const answer: Ack<unknown> = yield call(send, socket, 'media:request', action.payload);
  const parsed = answer.ok ? mediaRequestDtoSchema.safeParse(answer.data) : null;
  if (parsed?.success) {
    yield put(mediaRequestSent(parsed.data));
    return;
  }
  yield put(mediaRequestFailed());
  yield* failed(answer);
}

function* cancelRequest(socket: AppSocket, action: ReturnType<typeof mediaRequestCancelRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'media:cancelRequest', { id: action.payload });
  if (answer.ok) return;
  yield put(mediaRequestFailed());
  yield* failed(answer);
}

function* answerRequest(socket: AppSocket, action: ReturnType<typeof mediaRequestAnswerRequested>) {
  const { id, allow } = action.payload;
  const state: { mediaRequests: { received: MediaRequestDto[] } } = yield select();
  const request = state.mediaRequests.received.find((r) => r.id === id);
  // Turned on right away, while the click still counts as the user's gesture (a screen picker needs one).
  if (allow && request) yield* setMine(request.deviceType, true);
  const answer: Ack<unknown> = yield call(send, socket, 'media:answerRequest', { id, allow });
  if (answer.ok) return;
  yield put(mediaRequestFailed());
  yield* failed(answer);
}

function* turnOffAll(socket: AppSocket, action: ReturnType<typeof turnOffAllRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'media:turnOffAll', { source: action.payload });
  yield put(turnOffAllFinished());
  if (!answer.ok) {
    yield* failed(answer);
    return;
  }
  const count = (answer.data as { closed?: number }).closed ?? 0;
  const locale: Locale = yield select(selectLocale);
  yield put(
    notify({
      kind: 'success',
      message: formatMessage(locale, count > 0 ? 'media.host.done' : 'media.host.doneNone', { count }),
    }),
  );
}

function* expire(notice: MediaNotice) {
  yield delay(NOTICE_MS);
  yield put(mediaNoticeDismissed(notice.id));
}

const noticesOf = (state: unknown) => (state as { mediaRequests: { notices: MediaNotice[] } }).mediaRequests.notices;

function* handle(event: ServerEvent) {
  const before = noticesOf(yield select());
  const live: LiveFloorState = yield select(selectLiveFloor);
  const me = live.me?.userId ?? 0;
  if (event.type === 'received') yield put(mediaRequestReceived(event.request));
  else if (event.type === 'ended') yield put(mediaRequestEnded({ ended: event.ended, me }));
  else {
    yield* setMine(event.source, false);
    yield put(hostTurnedOff(event.source));
  }
  for (const notice of noticesOf(yield select())) if (!before.includes(notice)) yield fork(expire, notice);
}

/** After (re)joining the floor: what waits for me and what I asked (the server keeps them while we both stay). */
function* list(socket: AppSocket) {
  const answer: Ack<unknown> = yield call(send, socket, 'media:listRequests', {});
  const parsed = answer.ok ? mediaRequestListSchema.safeParse(answer.data) : null;
  if (parsed?.success) yield put(mediaRequestsListed(parsed.data));
}

function* session(socket: AppSocket) {
  const events = serverEvents(socket);
  try {
    yield fork(afterEachJoin, () => list(socket));
    yield takeEvery(mediaRequestAsked.type, ask, socket);
    yield takeEvery(mediaRequestCancelRequested.type, cancelRequest, socket);
    yield takeEvery(mediaRequestAnswerRequested.type, answerRequest, socket);
    yield takeEvery(turnOffAllRequested.type, turnOffAll, socket);
    for (;;) {
      const event: ServerEvent = yield take(events);
      yield* handle(event);
    }
  } finally {
    events.close();
    yield put(mediaRequestsReset());
  }
}

/** Media requests and host controls ride on the live floor's socket: a session per socket. */
export function* mediaRequestsSaga() {
  yield* sessionPerLiveSocket(session);
}
