import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import {
  errorMessageId,
  formatMessage,
  type Ack,
  type ActiveRecordingDto,
  type Locale,
  type RecordingDetailDto,
  type RecordingDto,
} from '@tsudoi/common';
import type { ApiClient } from '../../services/api';
import { sessionPerLiveSocket } from '../../services/live-socket-saga';
import { send, type AppSocket } from '../../services/socket';
import { failureText } from '../floors/failure-text';
import { selectLiveFloor, type LiveFloorState } from '../floors/live-slice';
import { selectLocale } from '../i18n';
import { notify } from '../notifications';
import { playRecordingCue } from './recording-cue';
import {
  activeRecordingChanged,
  activeRecordingsListed,
  activeRecordingsReset,
  inProgress,
  minutesRegenerateRequested,
  recordingDeleted,
  recordingDeleteRequested,
  recordingDetailFailed,
  recordingDetailLoaded,
  recordingDetailRequested,
  recordingListFailed,
  recordingListLoaded,
  recordingListRequested,
  recordingPagesLeft,
  recordingRequestDone,
  recordingStartRequested,
  recordingStopRequested,
  selectRecordings,
  transcriptRegenerateRequested,
  type RecordingsState,
} from './recordings-slice';

const POLL_MS = 2500;

type Changed = { floorId: number; roomId: number; recording: ActiveRecordingDto | null };

const changes = (socket: AppSocket): EventChannel<Changed> =>
  eventChannel((emit) => {
    const listener = (p: Changed) => emit(p);
    socket.on('recording:changed', listener);
    return () => void socket.off('recording:changed', listener);
  }, buffers.expanding(16));

function* refused(answer: Ack<unknown>) {
  if (answer.ok) return;
  const locale: Locale = yield select(selectLocale);
  yield put(notify({ kind: 'error', message: formatMessage(locale, errorMessageId(answer.error.code)) }));
}

function* start(socket: AppSocket) {
  const answer: Ack<ActiveRecordingDto> = yield call(send, socket, 'recording:start', {});
  if (answer.ok) yield put(activeRecordingChanged({ roomId: answer.data.roomId, recording: answer.data }));
  yield put(recordingRequestDone());
  yield* refused(answer);
}

function* stop(socket: AppSocket) {
  const answer: Ack<{ id: number }> = yield call(send, socket, 'recording:stop', {});
  yield put(recordingRequestDone());
  if (answer.ok) {
    const locale: Locale = yield select(selectLocale);
    yield put(notify({ kind: 'success', message: formatMessage(locale, 'recordings.live.stopped') }));
  }
  yield* refused(answer);
}

/** After (re)joining the floor: which rooms are being recorded. */
function* listWhenJoined(socket: AppSocket) {
  for (;;) {
    const live: LiveFloorState = yield select(selectLiveFloor);
    if (live.status === 'joined') {
      const answer: Ack<ActiveRecordingDto[]> = yield call(send, socket, 'recording:list', {});
      if (answer.ok) yield put(activeRecordingsListed(answer.data));
      while (((yield select(selectLiveFloor)) as LiveFloorState).status === 'joined')
        yield take((action: { type: string }) => action.type.startsWith('liveFloor/'));
    } else yield take((action: { type: string }) => action.type.startsWith('liveFloor/'));
  }
}

function* session(socket: AppSocket) {
  const events = changes(socket);
  try {
    yield fork(listWhenJoined, socket);
    yield takeLatest(recordingStartRequested.type, start, socket);
    yield takeLatest(recordingStopRequested.type, stop, socket);
    for (;;) {
      const event: Changed = yield take(events);
      yield put(activeRecordingChanged({ roomId: event.roomId, recording: event.recording }));
      // everyone in the room hears that recording started or ended
      const live: LiveFloorState = yield select(selectLiveFloor);
      const myRoom = live.me ? live.users[live.me.userId]?.roomId : undefined;
      if (myRoom === event.roomId) playRecordingCue(event.recording ? 'start' : 'stop');
    }
  } finally {
    events.close();
    yield put(activeRecordingsReset());
  }
}

function* pollList(api: ApiClient, floorId: number) {
  for (;;) {
    try {
      const answer: { data: RecordingDto[] } = yield call([api, api.get], `/floors/${floorId}/recordings`);
      yield put(recordingListLoaded({ floorId, items: answer.data }));
      if (!answer.data.some(inProgress)) return;
    } catch (error) {
      yield put(recordingListFailed());
      yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
      return;
    }
    yield delay(POLL_MS);
  }
}

function* pollDetail(api: ApiClient, id: number) {
  for (;;) {
    try {
      const answer: { data: RecordingDetailDto } = yield call([api, api.get], `/recordings/${id}`);
      yield put(recordingDetailLoaded(answer.data));
      if (!inProgress(answer.data)) return;
    } catch {
      yield put(recordingDetailFailed());
      return;
    }
    yield delay(POLL_MS);
  }
}

function* regenerate(api: ApiClient, path: string, action: { type: string; payload: number }) {
  const id = action.payload;
  try {
    const answer: { data: RecordingDetailDto; message: string } = yield call([api, api.post], path, {
      recordingId: id,
    });
    yield put(recordingDetailLoaded(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
    yield put(recordingDetailRequested(id));
  } catch (error) {
    yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
  }
}

function* remove(api: ApiClient, action: ReturnType<typeof recordingDeleteRequested>) {
  try {
    const answer: { message: string } = yield call([api, api.delete], `/recordings/${action.payload}`);
    yield put(recordingDeleted(action.payload));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
  }
}

/** The pages' loading: one poll at a time, restarted by each request, stopped when the page is left. */
function* pages(api: ApiClient) {
  let task: Task | undefined;
  for (;;) {
    const action: { type: string; payload: number } = yield take([
      recordingListRequested.type,
      recordingDetailRequested.type,
      recordingPagesLeft.type,
    ]);
    if (task) yield cancel(task);
    task = undefined;
    if (action.type === recordingListRequested.type) task = (yield fork(pollList, api, action.payload)) as Task;
    if (action.type === recordingDetailRequested.type) task = (yield fork(pollDetail, api, action.payload)) as Task;
  }
}

export function* recordingsSaga({ api }: { api: ApiClient }) {
  yield fork(pages, api);
  yield takeEvery(transcriptRegenerateRequested.type, function* (action: { type: string; payload: number }) {
    yield* regenerate(api, '/recordings/transcript', action);
  });
  yield takeEvery(minutesRegenerateRequested.type, function* (action: { type: string; payload: number }) {
    yield* regenerate(api, '/recordings/summarization', action);
  });
  yield takeEvery(recordingDeleteRequested.type, remove, api);
  yield* sessionPerLiveSocket(session);
}

export const selectMyRoomRecording = (state: { recordings: RecordingsState; liveFloor: LiveFloorState }) => {
  const live = state.liveFloor;
  const roomId = live.me ? live.users[live.me.userId]?.roomId : undefined;
  return roomId === undefined ? null : (selectRecordings(state).active[roomId] ?? null);
};
