import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import {
  presentationDtoSchema,
  presentationViewSchema,
  qaQuestionSchema,
  type Ack,
  type PresentationDto,
  formatMessage,
  type Locale,
} from '@tsudoi/common';
import { sessionPerLiveSocket } from '../../services/live-socket-saga';
import { send, type AppSocket } from '../../services/socket';
import { afterEachJoin } from '../floors/after-join';
import { selectLiveFloor, type LiveFloorState } from '../floors/live-slice';
import {
  askRequested,
  admitRequested,
  callRequested,
  denyRequested,
  hideRequested,
  markRequested,
  isInside,
  joinRequested,
  leaveRequested,
  presentationChanged,
  questionsChanged,
  removeRequested,
  demoteRequested,
  myMembership,
  viewRequested,
  requestEnded,
  returnRoomSet,
  devicesRemembered,
  selectStage,
  speakRequested,
  stageLoaded,
  stageReset,
  startRequested,
  stopRequested,
  voteAnswered,
  voteRequested,
  type StageState,
} from './stage-slice';
import {
  back,
  devicesBack,
  devicesOff,
  downloadStageChat,
  enter,
  failed,
  kindOf,
  myRoomId,
  rememberDevices,
  serverEvents,
  type ServerEvent,
} from './stage-saga-steps';
import { notify } from '@tsudoi/ui/notifications';
import { selectLocale } from '@tsudoi/ui/i18n';

function* start(socket: AppSocket, action: ReturnType<typeof startRequested>) {
  // the host starting keeps her camera and microphone as they are (she is the one presenting)
  yield* rememberDevices();
  const { kind, ...options } = action.payload;
  const answer: Ack<unknown> =
    kind === 'conference'
      ? yield call(send, socket, 'conference:start', { saveChat: options.saveChat ?? false })
      : yield call(send, socket, 'presentation:start', options);
  yield put(requestEnded());
  const parsed = answer.ok ? presentationDtoSchema.safeParse(answer.data) : null;
  if (!parsed?.success) {
    yield put(devicesRemembered(null));
    return yield* failed(answer);
  }
  yield put(presentationChanged(parsed.data));
  yield* enter(parsed.data);
}

function* join(socket: AppSocket, action: ReturnType<typeof joinRequested>) {
  yield* devicesOff();
  const kind: PresentationDto['kind'] = yield* kindOf();
  const answer: Ack<unknown> = yield call(
    send,
    socket,
    kind === 'conference' ? 'conference:join' : 'presentation:join',
    action.payload,
  );
  yield put(requestEnded());
  const parsed = answer.ok ? presentationDtoSchema.safeParse(answer.data) : null;
  // refused: I stay where I am, with my devices back as they were
  if (!parsed?.success) {
    yield* devicesBack();
    return yield* failed(answer);
  }
  yield put(presentationChanged(parsed.data));
  yield* enter(parsed.data);
}

function* leave(socket: AppSocket, action: ReturnType<typeof leaveRequested>) {
  const stage: StageState = yield select(selectStage);
  if (action.payload.download && stage.presentation) yield* downloadStageChat(stage.presentation.roomId);
  const kind: PresentationDto['kind'] = yield* kindOf();
  const answer: Ack<unknown> = yield call(
    send,
    socket,
    kind === 'conference' ? 'conference:leave' : 'presentation:leave',
    {
      leave: true,
    },
  );
  yield put(requestEnded());
  if (!answer.ok) return yield* failed(answer);
  yield* devicesBack();
  if (stage.presentation) yield* back(stage.presentation.roomId);
}

function* stop(socket: AppSocket) {
  const kind: PresentationDto['kind'] = yield* kindOf();
  const answer: Ack<unknown> = yield call(
    send,
    socket,
    kind === 'conference' ? 'conference:stop' : 'presentation:stop',
    {},
  );
  yield put(requestEnded());
  if (!answer.ok) yield* failed(answer);
}

function* ask(socket: AppSocket, action: ReturnType<typeof askRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:ask', { text: action.payload });
  if (!answer.ok) yield* failed(answer);
}

function* vote(socket: AppSocket, action: ReturnType<typeof voteRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:vote', action.payload);
  const parsed = answer.ok ? qaQuestionSchema.safeParse(answer.data) : null;
  if (parsed?.success) {
    yield put(voteAnswered(parsed.data));
    return;
  }
  yield* failed(answer);
  yield* load(socket); // the local vote is reverted by the server's list
}

function* hide(socket: AppSocket, action: ReturnType<typeof hideRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:hide', { id: action.payload });
  if (!answer.ok) yield* failed(answer);
}

function* mark(socket: AppSocket, action: ReturnType<typeof markRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:mark', action.payload);
  if (!answer.ok) yield* failed(answer);
}

function* remove(socket: AppSocket, action: ReturnType<typeof removeRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:remove', { userId: action.payload });
  if (!answer.ok) yield* failed(answer);
}

function* demote(socket: AppSocket, action: ReturnType<typeof demoteRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:demote', { userId: action.payload });
  if (!answer.ok) yield* failed(answer);
}

/** The host shows a speaker large and opens the participant list for everyone (presentation:view). */
function* setView(socket: AppSocket, action: ReturnType<typeof viewRequested>) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:view', action.payload);
  const parsed = answer.ok ? presentationDtoSchema.safeParse(answer.data) : null;
  if (!parsed?.success) return yield* failed(answer);
  yield put(presentationChanged(parsed.data));
}

/** The waiting room's calls: ask to speak; the host admits, denies or calls someone (spec §4). */
function* answer(socket: AppSocket, action: { type: string; payload?: number }) {
  const event =
    action.type === admitRequested.type
      ? 'presentation:admit'
      : action.type === denyRequested.type
        ? 'presentation:deny'
        : action.type === callRequested.type
          ? 'presentation:call'
          : 'presentation:request';
  const payload = event === 'presentation:request' ? {} : { userId: action.payload! };
  if (event === 'presentation:request') yield* devicesOff();
  const reply: Ack<unknown> = yield call(send, socket, event, payload as never);
  const parsed = reply.ok ? presentationDtoSchema.safeParse(reply.data) : null;
  if (!parsed?.success) return yield* failed(reply);
  yield put(presentationChanged(parsed.data));
}

/** After each (re)join of the floor: the presentation running now and its questions. */
function* load(socket: AppSocket) {
  const answer: Ack<unknown> = yield call(send, socket, 'presentation:get', {});
  const parsed = answer.ok ? presentationViewSchema.safeParse(answer.data) : null;
  if (parsed?.success) yield put(stageLoaded(parsed.data));
}

/** Walking off the stage (a click on another room) leaves the presentation (spec §4: leave resets to default). */
function* followMyRoom(socket: AppSocket) {
  let before: number | null = yield* myRoomId();
  for (;;) {
    yield take((action: { type: string }) => action.type.startsWith('liveFloor/'));
    const now: number | null = yield* myRoomId();
    if (now === before) continue;
    const left = before;
    before = now;
    const stage: StageState = yield select(selectStage);
    const live: LiveFloorState = yield select(selectLiveFloor);
    const p = stage.presentation;
    if (!p || left !== p.roomId || now === null || !p.members.some((m) => m.userId === live.me?.userId)) continue;
    yield put(returnRoomSet(null));
    const answer: Ack<unknown> = yield call(send, socket, 'presentation:leave', { leave: true });
    if (!answer.ok && answer.error.code !== 'PRESENTATION_NOT_RUNNING') yield* failed(answer);
  }
}

/** Its host took me out: the server moved me off the stage already; devices off and a clear message. */
function* removed(event: Extract<ServerEvent, { type: 'removed' }>) {
  const stage: StageState = yield select(selectStage);
  const live: LiveFloorState = yield select(selectLiveFloor);
  const locale: Locale = yield select(selectLocale);
  const p = stage.presentation;
  const name = live.users[event.by]?.name ?? (p?.host.id === event.by ? p.host.name : '');
  yield put(returnRoomSet(null));
  yield* devicesBack();
  const id = p?.kind === 'conference' ? 'stage.removed.conference' : 'stage.removed.presentation';
  yield put(notify({ kind: 'error', message: formatMessage(locale, id, { name }) }));
}

/** Its host turned my request down: said so (to enter: I stay outside; to speak: I stay audience). */
function* denied(event: Extract<ServerEvent, { type: 'denied' }>) {
  const stage: StageState = yield select(selectStage);
  const live: LiveFloorState = yield select(selectLiveFloor);
  const locale: Locale = yield select(selectLocale);
  const p = stage.presentation;
  const name = live.users[event.by]?.name ?? (p?.host.id === event.by ? p.host.name : '');
  const id = event.request === 'enter' ? 'stage.denied.enter' : 'stage.denied.speak';
  yield put(notify({ kind: 'warning', message: formatMessage(locale, id, { name }) }));
}

function* handle(event: ServerEvent) {
  if (event.type === 'questions') {
    yield put(questionsChanged(event.payload));
    return;
  }
  if (event.type === 'removed') return yield* removed(event);
  if (event.type === 'denied') return yield* denied(event);
  // its host left: it passed to another host, or ended (the end itself comes as a change); said in words
  if (event.type === 'hostGone') {
    yield put(notify({ kind: event.outcome === 'ended' ? 'warning' : 'success', message: event.message }));
    return;
  }
  const stage: StageState = yield select(selectStage);
  const live: LiveFloorState = yield select(selectLiveFloor);
  const me = live.me?.userId;
  // ended: back to the floor. The server moves everyone off the stage and out of the waiting room (as it
  // does for someone its host took out); only my own leave moves me itself.
  const ended = stage.presentation && !event.presentation ? stage.presentation : null;
  const admitted = !isInside(stage.presentation, me) && event.presentation && isInside(event.presentation, me);
  // sent back to the audience by its host: my stage media stops (the server closed it), said in words
  const demoted =
    myMembership(stage.presentation, me)?.role === 'S' && myMembership(event.presentation, me)?.role === 'A';
  yield put(presentationChanged(event.presentation));
  if (demoted) {
    const locale: Locale = yield select(selectLocale);
    yield* devicesOff();
    yield put(notify({ kind: 'warning', message: formatMessage(locale, 'stage.demoted') }));
  }
  if (ended) yield put(returnRoomSet(null));
  // spec §4: ending closes the presentation for those inside
  // spec §4: ending closes the presentation for those inside; their devices are back as they were before it
  if (ended && isInside(ended, me)) yield* devicesBack();
  // let in from the waiting room: onto the stage
  if (admitted) yield* enter(event.presentation!);
}

function* session(socket: AppSocket) {
  const events = serverEvents(socket);
  try {
    yield fork(afterEachJoin, () => load(socket));
    yield fork(followMyRoom, socket);
    yield takeEvery(startRequested.type, start, socket);
    yield takeEvery(joinRequested.type, join, socket);
    yield takeEvery(leaveRequested.type, leave, socket);
    yield takeEvery(stopRequested.type, stop, socket);
    yield takeEvery(askRequested.type, ask, socket);
    yield takeEvery(voteRequested.type, vote, socket);
    yield takeEvery(hideRequested.type, hide, socket);
    yield takeEvery(markRequested.type, mark, socket);
    yield takeEvery(removeRequested.type, remove, socket);
    yield takeEvery(demoteRequested.type, demote, socket);
    yield takeEvery(viewRequested.type, setView, socket);
    yield takeEvery([speakRequested.type, admitRequested.type, denyRequested.type, callRequested.type], answer, socket);
    for (;;) {
      const event: ServerEvent = yield take(events);
      yield* handle(event);
    }
  } finally {
    events.close();
    yield put(stageReset());
  }
}

/** Presentations ride on the live floor's socket: a session per socket. */
export function* stageSaga() {
  yield* sessionPerLiveSocket(session);
}
