import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { AppointmentDto, Locale, RoomDto } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '../../services/api';
import { selectLocale } from '../i18n';
import { notify } from '../notifications';
import {
  createAppointment,
  deleteAppointment,
  extendAppointment,
  fetchAppointments,
  fetchBookableRooms,
  updateAppointment,
} from './api';
import { viewRange } from './calendar-time';
import {
  calendarFailed,
  calendarLoaded,
  calendarRequested,
  deleteRequested,
  draftBody,
  editorClosed,
  extendRequested,
  saveFailed,
  saveRequested,
  selectAppointments,
  type AppointmentsState,
} from './slice';

interface Deps {
  api: ApiClient;
}

function* load({ api }: Deps) {
  const state: AppointmentsState = yield select(selectAppointments);
  if (state.floorId === null || state.anchor === null) return;
  const range = viewRange(state.view, state.anchor);
  try {
    const [rooms, items]: [RoomDto[], AppointmentDto[]] = yield all([
      state.rooms.length > 0 ? state.rooms : call(fetchBookableRooms, api, state.floorId),
      call(fetchAppointments, api, state.floorId, `${range.from}T00:00`, `${range.to}T00:00`),
    ]);
    yield put(calendarLoaded({ rooms, items }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(calendarFailed(errorText(error, locale)));
  }
}

function* refused(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  const fields = error instanceof ApiError && error.fields ? { ...error.fields } : {};
  yield put(saveFailed({ fields, message: Object.keys(fields).length > 0 ? null : errorText(error, locale) }));
}

function* done(deps: Deps, message: string) {
  yield put(editorClosed());
  yield put(notify({ kind: 'success', message }));
  yield* load(deps);
}

function* save(deps: Deps) {
  const state: AppointmentsState = yield select(selectAppointments);
  const draft = state.editor;
  if (!draft || state.floorId === null) return;
  try {
    const body = draftBody(state.floorId, draft);
    const answer: { message: string } = draft.id
      ? yield call(updateAppointment, deps.api, draft.id, {
          roomId: body.roomId,
          title: body.title,
          startAt: body.startAt,
          endAt: body.endAt,
        })
      : yield call(createAppointment, deps.api, body);
    yield* done(deps, answer.message);
  } catch (error) {
    yield* refused(error);
  }
}

function* remove(deps: Deps, action: ReturnType<typeof deleteRequested>) {
  try {
    const answer: { message: string } = yield call(deleteAppointment, deps.api, action.payload);
    yield* done(deps, answer.message);
  } catch (error) {
    yield* refused(error);
  }
}

function* extend(deps: Deps, action: ReturnType<typeof extendRequested>) {
  try {
    const answer: { message: string } = yield call(extendAppointment, deps.api, action.payload);
    yield* done(deps, answer.message);
  } catch (error) {
    yield* refused(error);
  }
}

/** The calendar of meeting rooms and guest lounges: load a range, save, cancel and extend bookings. */
export function* appointmentsSaga(deps: Deps) {
  yield all([
    takeLatest(calendarRequested.type, load, deps),
    takeLatest(saveRequested.type, save, deps),
    takeLatest(deleteRequested.type, remove, deps),
    takeLatest(extendRequested.type, extend, deps),
  ]);
}
