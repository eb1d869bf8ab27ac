import { buffers, eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { afterEachJoin } from '../../floors/after-join';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import {
  arrivalSchema,
  errorMessageId,
  formatMessage,
  knockAnsweredSchema,
  knockSchema,
  lobbyStateSchema,
  roomClearedSchema,
  roomDefinition,
  visitEndedSchema,
  visitRejectedSchema,
  visitSchema,
  type Ack,
  type KnockDto,
  type Locale,
  type VisitDto,
} from '@tsudoi/common';
import { sessionPerLiveSocket } from '../../../services/live-socket-saga';
import { send, type AppSocket } from '../../../services/socket';
import type { ApiClient } from '@tsudoi/ui/api';
import type { Platform } from '../../../platform';
import { liveRemoved, roomJoinRequested, selectLiveFloor, type LiveFloorState } from '../../floors/live-slice';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { extendAppointment } from '../api';
import { japanClock } from './visit-time';
import {
  extendFinished,
  extendRequested,
  knockAnswered,
  knockAnswerFailed,
  knockAnswerRequested,
  knockFailed,
  knockReceived,
  knockRequested,
  knockSent,
  lobbyLoaded,
  reminderReceived,
  visitAdmitted,
  visitEnded,
  visitExtended,
  visitStarted,
  visitsReset,
} from './visit-slice';

type ServerEvent =
  | { type: 'knocked'; knock: KnockDto }
  | { type: 'arrived'; visit: VisitDto }
  | { type: 'cleared'; roomNumber: number; endAt: string }
  | { type: 'answered'; appointmentId: number }
  | { type: 'admitted' | 'started' | 'reminder' | 'extended'; visit: VisitDto }
  | { type: 'rejected'; appointmentId: number }
  | { type: 'ended'; appointmentId: number };

/** The live socket's appointment events, checked with zod. */
const serverEvents = (socket: AppSocket): EventChannel<ServerEvent> =>
  eventChannel((emit) => {
    const visitEvent = (type: 'admitted' | 'started' | 'reminder' | 'extended') => (p: unknown) => {
      const parsed = visitSchema.safeParse(p);
      if (parsed.success) emit({ type, visit: parsed.data });
    };
    const listeners: Record<string, (p: unknown) => void> = {
      'appointment:knocked': (p) => {
        const parsed = knockSchema.safeParse(p);
        if (parsed.success) emit({ type: 'knocked', knock: parsed.data });
      },
      'appointment:arrived': (p) => {
        const parsed = arrivalSchema.safeParse(p);
        if (parsed.success) emit({ type: 'arrived', visit: parsed.data.visit });
      },
      'appointment:roomCleared': (p) => {
        const parsed = roomClearedSchema.safeParse(p);
        if (parsed.success) emit({ type: 'cleared', roomNumber: parsed.data.roomNumber, endAt: parsed.data.endAt });
      },
      'appointment:knockAnswered': (p) => {
        const parsed = knockAnsweredSchema.safeParse(p);
        if (parsed.success) emit({ type: 'answered', appointmentId: parsed.data.appointmentId });
      },
      'appointment:admitted': visitEvent('admitted'),
      'appointment:started': visitEvent('started'),
      'appointment:reminder': visitEvent('reminder'),
      'appointment:extended': visitEvent('extended'),
      'appointment:rejected': (p) => {
        const parsed = visitRejectedSchema.safeParse(p);
        if (parsed.success) emit({ type: 'rejected', appointmentId: parsed.data.appointmentId });
      },
      'appointment:ended': (p) => {
        const parsed = visitEndedSchema.safeParse(p);
        if (parsed.success) emit({ type: 'ended', appointmentId: parsed.data.appointmentId });
      },
    };
    const s = socket as unknown as { on(e: string, l: (p: unknown) => void): void; off(e: string, l: unknown): void };
    for (const [event, listener] of Object.entries(listeners)) s.on(event, listener);
    return () => {
      for (const [event, listener] of Object.entries(listeners)) s.off(event, listener);
    };
  }, buffers.expanding(32));

function* message(id: Parameters<typeof formatMessage>[1], values?: Record<string, string | number>) {
  const locale: Locale = yield select(selectLocale);
  return formatMessage(locale, id, values);
}

function* failed(answer: Ack<unknown>) {
  if (answer.ok) return;
  const text: string = answer.error.message || (yield* message(errorMessageId(answer.error.code)));
  yield put(notify({ kind: 'error', message: text }));
}

/** A desktop notification (spec: the host is told when the guest arrives), when the system allows it. */
function desktopNotice(title: string, body: string) {
  if (typeof Notification === 'undefined') return;
  const show = () => new Notification(title, { body, tag: title });
  if (Notification.permission === 'granted') show();
  else if (Notification.permission === 'default')
    void Notification.requestPermission().then((p) => (p === 'granted' ? show() : undefined));
}

/**
 * A visit's desktop notification to the booking's owner and the host (the
 * guest arrived, the guest knocked): the desktop shell's native one (it
 * opens the live floor); in a browser, the Notification API.
 */
function* visitNotice(
  platform: Platform,
  visit: VisitDto,
  text: 'appointments.visit.knockedText' | 'appointments.visit.arrivedText',
): SagaIterator<void> {
  const locale: Locale = yield select(selectLocale);
  const room = roomDefinition(visit.roomNumber)?.name[locale] ?? '';
  const title = formatMessage(locale, 'appointments.visit.notificationTitle', { name: visit.guestName ?? '' });
  const body = formatMessage(locale, text, { title: visit.title, room });
  let shown = false;
  try {
    shown = (yield call([platform, platform.notify], {
      kind: 'knock',
      title,
      body,
      path: `/floors/${visit.floorId}/live`,
    })) as boolean;
  } catch {
    shown = false;
  }
  if (!shown) desktopNotice(title, body);
}

function* knock(socket: AppSocket) {
  const answer: Ack<unknown> = yield call(send, socket, 'appointment:knock', {});
  const parsed = answer.ok ? visitSchema.safeParse(answer.data) : null;
  if (parsed?.success) yield put(knockSent(parsed.data));
  else {
    yield put(knockFailed());
    yield* failed(answer);
  }
}

function* answerKnock(socket: AppSocket, action: ReturnType<typeof knockAnswerRequested>) {
  const { appointmentId, admit, joinRoomId } = action.payload;
  const answer: Ack<unknown> = yield call(send, socket, admit ? 'appointment:admit' : 'appointment:reject', {
    appointmentId,
  });
  if (answer.ok) {
    yield put(knockAnswered({ appointmentId }));
    // "let in and join": the host goes into the booked room too, to meet the guest there
    const live: LiveFloorState = yield select(selectLiveFloor);
    const me = live.me ? live.users[live.me.userId] : undefined;
    if (admit && joinRoomId !== undefined && me?.roomId !== joinRoomId)
      yield put(roomJoinRequested({ roomId: joinRoomId }));
  } else {
    yield put(knockAnswerFailed());
    yield* failed(answer);
  }
}

function* extend(api: ApiClient, action: ReturnType<typeof extendRequested>) {
  try {
    const answer: { message: string; data: { endAt: string } } = yield call(extendAppointment, api, action.payload);
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const text = (error as { message?: string }).message;
    yield put(notify({ kind: 'error', message: text || (yield* message('errors.SOMETHING_WENT_WRONG')) }));
  } finally {
    yield put(extendFinished());
  }
}

function* handle(platform: Platform, event: ServerEvent): SagaIterator<void> {
  const live: LiveFloorState = yield select(selectLiveFloor);
  switch (event.type) {
    case 'knocked': {
      yield put(knockReceived(event.knock));
      yield* visitNotice(platform, event.knock.visit, 'appointments.visit.knockedText');
      return;
    }
    case 'arrived': {
      // the guest is on the floor, behind the standby dialog: told before they knock
      yield* visitNotice(platform, event.visit, 'appointments.visit.arrivedText');
      const name = event.visit.guestName ?? '';
      yield put(notify({ kind: 'success', message: yield* message('appointments.visit.arrivedToast', { name }) }));
      return;
    }
    case 'cleared': {
      const locale: Locale = yield select(selectLocale);
      const room = roomDefinition(event.roomNumber)?.name[locale] ?? '';
      const end = japanClock(event.endAt);
      yield put(notify({ kind: 'error', message: yield* message('appointments.visit.roomCleared', { room, end }) }));
      return;
    }
    case 'answered':
      yield put(knockAnswered({ appointmentId: event.appointmentId }));
      return;
    case 'admitted':
      yield put(visitAdmitted(event.visit));
      return;
    case 'started':
      yield put(visitStarted(event.visit));
      return;
    case 'reminder':
      yield put(reminderReceived(event.visit));
      return;
    case 'extended': {
      yield put(visitExtended(event.visit));
      const end = japanClock(event.visit.endAt);
      yield put(notify({ kind: 'success', message: yield* message('appointments.visit.extended', { end }) }));
      return;
    }
    case 'rejected':
      yield put(liveRemoved({ reason: 'visitRejected', message: yield* message('appointments.visit.rejectedText') }));
      return;
    case 'ended': {
      const mine = live.me?.isGuest === true && ((yield select()) as { visits: { visit: VisitDto | null } }).visits;
      const own = mine && mine.visit?.id === event.appointmentId;
      yield put(visitEnded({ appointmentId: event.appointmentId }));
      if (own)
        yield put(liveRemoved({ reason: 'visitEnded', message: yield* message('appointments.visit.endedText') }));
      return;
    }
  }
}

/** After (re)joining the floor: my visit (a guest) and the knocks waiting for me. */
function* lobby(socket: AppSocket) {
  const answer: Ack<unknown> = yield call(send, socket, 'appointment:lobby', {});
  const parsed = answer.ok ? lobbyStateSchema.safeParse(answer.data) : null;
  if (parsed?.success) yield put(lobbyLoaded(parsed.data));
}

function* session(platform: Platform, socket: AppSocket) {
  const events = serverEvents(socket);
  try {
    yield fork(afterEachJoin, () => lobby(socket));
    yield takeEvery(knockRequested.type, knock, socket);
    yield takeEvery(knockAnswerRequested.type, answerKnock, socket);
    for (;;) {
      const event: ServerEvent = yield take(events);
      yield* handle(platform, event);
    }
  } finally {
    events.close();
  }
}

/** Guest visits ride on the live floor's socket: a session per socket; extending is a REST call. */
export function* visitsSaga({ api, platform }: { api: ApiClient; platform: Platform }) {
  yield takeEvery(extendRequested.type, extend, api);
  yield takeEvery('liveFloor/liveLeft', function* () {
    yield put(visitsReset());
  });
  yield* sessionPerLiveSocket((socket: AppSocket) => session(platform, socket));
}
