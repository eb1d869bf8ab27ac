import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { afterEachJoin } from '../floors/after-join';
import { call, cancel, delay, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import {
  errorMessageId,
  formatMessage,
  type Ack,
  type ActiveRecordingDto,
  type FloorEmployee,
  type Locale,
  type Paged,
  recordingFailedSchema,
  type RecordingFailed,
  type RecordingDetailDto,
  type RecordingDto,
  type RecordingLinkDto,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';
import { sessionPerLiveSocket } from '../../services/live-socket-saga';
import { send, type AppSocket } from '../../services/socket';
import { failureText } from '../floors/failure-text';
import { fetchFloorEmployees } from '../floors/api';
import { selectLiveFloor, type LiveFloorState } from '../floors/live-slice';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { selectCurrentUser } from '../auth';
import { paths } from '../../app/paths';
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
  recordingLinkLoaded,
  recordingListRequested,
  recordingPagesLeft,
  recordingShareRequested,
  recordingUnshareRequested,
  sharePeopleLoaded,
  sharePeopleRequested,
  recordingRequestDone,
  recordingStartRequested,
  recordingStopRequested,
  selectRecordings,
  transcriptRegenerateRequested,
  type RecordingsState,
} from './recordings-slice';

const POLL_MS = 2500;

type Changed = { floorId: number; roomId: number; recording: ActiveRecordingDto | null };
type RecordingNews = ({ type: 'changed' } & Changed) | ({ type: 'failed' } & RecordingFailed);

const news = (socket: AppSocket): EventChannel<RecordingNews> =>
  eventChannel((emit) => {
    const changed = (p: Changed) => emit({ type: 'changed', ...p });
    const failed = (p: unknown) => {
      const parsed = recordingFailedSchema.safeParse(p);
      if (parsed.success) emit({ type: 'failed', ...parsed.data });
    };
    socket.on('recording:changed', changed);
    socket.on('recording:failed', failed);
    return () => {
      socket.off('recording:changed', changed);
      socket.off('recording:failed', failed);
    };
  }, buffers.expanding(16));

/** A refused start or stop, in words; the team's owner refused for the plan gets the way to upgrade. */
function* refused(answer: Ack<unknown>) {
  if (answer.ok) return;
  const locale: Locale = yield select(selectLocale);
  const user: ReturnType<typeof selectCurrentUser> = yield select(selectCurrentUser);
  const upgrade = answer.error.code === 'PLAN_FEATURE_UNAVAILABLE' && user?.employeeRole === 'OWNER';
  yield put(
    notify({
      kind: 'error',
      message: formatMessage(locale, upgrade ? 'recordings.live.planOwner' : errorMessageId(answer.error.code)),
      ...(upgrade && { link: { to: '/plan', label: formatMessage(locale, 'plans.upgradeLink') } }),
    }),
  );
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
function* list(socket: AppSocket) {
  const answer: Ack<ActiveRecordingDto[]> = yield call(send, socket, 'recording:list', {});
  if (answer.ok) yield put(activeRecordingsListed(answer.data));
}

function* session(socket: AppSocket) {
  const events = news(socket);
  try {
    yield fork(afterEachJoin, () => list(socket));
    yield takeLatest(recordingStartRequested.type, start, socket);
    yield takeLatest(recordingStopRequested.type, stop, socket);
    for (;;) {
      const event: RecordingNews = yield take(events);
      if (event.type === 'failed') {
        // the file of a recording I started could not be kept: said once, with the way to the list
        const locale: Locale = yield select(selectLocale);
        yield put(
          notify({
            kind: 'error',
            message: formatMessage(locale, errorMessageId(event.code)),
            link: { to: paths.floorRecordings(event.floorId), label: formatMessage(locale, 'recordings.live.list') },
          }),
        );
        continue;
      }
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

function* pollList(api: ApiClient, floorId: number, page: number) {
  for (;;) {
    try {
      const answer: Paged<RecordingDto> = yield call([api, api.get], `/floors/${floorId}/recordings?page=${page}`);
      // a page that emptied (the last recording of the last page deleted) steps back one
      if (answer.data.length === 0 && page > 1 && answer.total > 0) {
        yield put(recordingListRequested(floorId, Math.min(page - 1, answer.pageCount)));
        return;
      }
      const { data: items, pageCount, total } = answer;
      yield put(recordingListLoaded({ floorId, items, page, pageCount: Math.max(1, pageCount), total }));
      if (!answer.data.some(inProgress)) return;
    } catch (error) {
      yield put(recordingListFailed());
      yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
      return;
    }
    yield delay(POLL_MS);
  }
}

/** How long before its end a file link is renewed. */
const LINK_MARGIN_MS = 30_000;

/** The file's link for this browser while the detail page is open: made, and made again before it ends. */
function* keepLink(api: ApiClient, id: number) {
  for (;;) {
    try {
      const answer: { data: RecordingLinkDto } = yield call([api, api.post], `/recordings/${id}/link`, {});
      yield put(recordingLinkLoaded({ id, link: answer.data }));
      yield delay(Math.max(5000, Date.parse(answer.data.expiresAt) - Date.now() - LINK_MARGIN_MS));
    } catch {
      return;
    }
  }
}

function* pollDetail(api: ApiClient, id: number) {
  let link: Task | undefined;
  try {
    for (;;) {
      try {
        const answer: { data: RecordingDetailDto } = yield call([api, api.get], `/recordings/${id}`);
        yield put(recordingDetailLoaded(answer.data));
        if (answer.data.status === 'ready' && !link) link = (yield fork(keepLink, api, id)) as Task;
        if (!inProgress(answer.data)) break;
      } catch {
        yield put(recordingDetailFailed());
        return;
      }
      yield delay(POLL_MS);
    }
    // the link is renewed while the page stays open (leaving it cancels this task, and the link's with it)
    if (link) yield take(recordingPagesLeft.type);
  } finally {
    if (link) yield cancel(link);
  }
}

function* share(api: ApiClient, action: ReturnType<typeof recordingShareRequested>) {
  try {
    const answer: { data: RecordingDetailDto; message: string } = yield call(
      [api, api.post],
      `/recordings/${action.payload.id}/viewers`,
      { userIds: action.payload.userIds },
    );
    yield put(recordingDetailLoaded(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
  }
}

function* unshare(api: ApiClient, action: ReturnType<typeof recordingUnshareRequested>) {
  try {
    const answer: { data: RecordingDetailDto; message: string } = yield call(
      [api, api.delete],
      `/recordings/${action.payload.id}/viewers/${action.payload.userId}`,
    );
    yield put(recordingDetailLoaded(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
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
    const action: { type: string; payload: unknown } = yield take([
      recordingListRequested.type,
      recordingDetailRequested.type,
      recordingPagesLeft.type,
    ]);
    if (task) yield cancel(task);
    task = undefined;
    if (recordingListRequested.match(action))
      task = (yield fork(pollList, api, action.payload.floorId, action.payload.page)) as Task;
    if (recordingDetailRequested.match(action)) task = (yield fork(pollDetail, api, action.payload)) as Task;
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
  yield takeEvery(recordingShareRequested.type, share, api);
  yield takeEvery(recordingUnshareRequested.type, unshare, api);
  yield takeLatest(sharePeopleRequested.type, function* (action: ReturnType<typeof sharePeopleRequested>) {
    try {
      yield put(sharePeopleLoaded((yield call(fetchFloorEmployees, api, action.payload)) as FloorEmployee[]));
    } catch (error) {
      yield put(notify({ kind: 'error', message: (yield* failureText(error)) as string }));
    }
  });
  yield* sessionPerLiveSocket(session);
}

export const selectMyRoomRecording = (state: { recordings: RecordingsState; liveFloor: LiveFloorState }) => {
  const live = state.liveFloor;
  const roomId = live.me ? live.users[live.me.userId]?.roomId : undefined;
  return roomId === undefined ? null : (selectRecordings(state).active[roomId] ?? null);
};
