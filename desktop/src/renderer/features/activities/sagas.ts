import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { all, call, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { ActivityDto, AppointmentDto, Locale } from '@tsudoi/common';
import { fetchAppointments } from '../appointments/api';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { sessionPerLiveSocket } from '../../services/live-socket-saga';
import type { AppSocket } from '../../services/socket';
import { selectLiveFloor, type LiveFloorState } from '../floors/live-slice';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { createActivity, deleteActivity, fetchActivities } from './api';
import {
  activitiesFailed,
  activitiesLoaded,
  activitiesOpened,
  activityDeleteRequested,
  activityRemoved,
  activitySaved,
  activitySaveFailed,
  activitySaveRequested,
  activityUpserted,
  selectActivities,
  type ActivitiesState,
} from './slice';

interface Deps {
  api: ApiClient;
}

/** Today in Japan ("YYYY-MM-DD"): the day every entry belongs to. */
export const japanToday = (now = Date.now()) => new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);

/** Today's bookings of the floor, for a member (a guest sees only their own visit, on the floor itself). */
function* todaysVisits(api: ApiClient, floorId: number) {
  const live: LiveFloorState = yield select(selectLiveFloor);
  if (!live.me || live.me.isGuest) return [];
  const day = japanToday();
  const next = japanToday(Date.parse(`${day}T00:00:00+09:00`) + 86_400_000);
  return (yield call(fetchAppointments, api, floorId, `${day}T00:00`, `${next}T00:00`)) as AppointmentDto[];
}

function* load({ api }: Deps, action: ReturnType<typeof activitiesOpened>) {
  try {
    const [items, visits]: [ActivityDto[], AppointmentDto[]] = yield all([
      call(fetchActivities, api, action.payload),
      call(todaysVisits, api, action.payload),
    ]);
    yield put(activitiesLoaded({ items, visits }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(activitiesFailed(errorText(error, locale)));
  }
}

function* save({ api }: Deps) {
  const state: ActivitiesState = yield select(selectActivities);
  if (state.floorId === null) return;
  const day = japanToday();
  const { type, description, start, end } = state.draft;
  try {
    const answer: { data: ActivityDto; message: string } = yield call(createActivity, api, {
      floorId: state.floorId,
      type,
      description,
      ...(start ? { startAt: `${day}T${start}` } : {}),
      ...(end ? { endAt: `${day}T${end}` } : {}),
    });
    yield put(activityUpserted(answer.data));
    yield put(activitySaved());
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    const fields = error instanceof ApiError && error.fields ? { ...error.fields } : {};
    yield put(activitySaveFailed({ fields, message: Object.keys(fields).length ? null : errorText(error, locale) }));
  }
}

function* remove({ api }: Deps, action: ReturnType<typeof activityDeleteRequested>) {
  const state: ActivitiesState = yield select(selectActivities);
  try {
    const answer: { message: string } = yield call(deleteActivity, api, action.payload);
    yield put(activityRemoved({ id: action.payload, floorId: state.floorId ?? 0 }));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

type News = { kind: 'upsert'; activity: ActivityDto } | { kind: 'removed'; id: number; floorId: number };

const news = (socket: AppSocket): EventChannel<News> =>
  eventChannel((emit) => {
    const upsert = (activity: ActivityDto) => emit({ kind: 'upsert', activity });
    const removed = (p: { id: number; floorId: number }) => emit({ kind: 'removed', ...p });
    socket.on('activity:created', upsert);
    socket.on('activity:updated', upsert);
    socket.on('activity:deleted', removed);
    return () => {
      socket.off('activity:created', upsert);
      socket.off('activity:updated', upsert);
      socket.off('activity:deleted', removed);
    };
  }, buffers.expanding(16));

/** Live news of the floor: an entry sent to everyone carries canEdit false; mine or a host's may be edited. */
function* session(socket: AppSocket) {
  const events = news(socket);
  try {
    for (;;) {
      const event: News = yield take(events);
      if (event.kind === 'removed') {
        yield put(activityRemoved(event));
        continue;
      }
      const live: LiveFloorState = yield select(selectLiveFloor);
      const canEdit = !!live.me && (live.me.canManage || event.activity.createdBy?.id === live.me.userId);
      yield put(activityUpserted({ ...event.activity, canEdit }));
    }
  } finally {
    events.close();
  }
}

export function* activitiesSaga(deps: Deps) {
  yield takeLatest(activitiesOpened.type, load, deps);
  yield takeLatest(activitySaveRequested.type, save, deps);
  yield takeEvery(activityDeleteRequested.type, remove, deps);
  yield* sessionPerLiveSocket(session);
}
