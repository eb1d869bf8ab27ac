import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { AppointmentDto, Locale, RoomDto } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import {
  createAppointment,
  deleteAppointment,
  extendAppointment,
  fetchAppointments,
  fetchBookableRooms,
  registerGuest,
  unregisterGuest,
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
  guestRemoveRequested,
  guestRemoved,
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
    let answer: { message: string } = draft.id
      ? yield call(updateAppointment, deps.api, draft.id, {
          roomId: body.roomId,
          title: body.title,
          startAt: body.startAt,
          endAt: body.endAt,
        })
      : yield call(createAppointment, deps.api, body);
    // a booking made without a guest gets one when the editor adds it (register-participant mails the link)
    const had = state.items.find((a) => a.id === draft.id)?.guest ?? null;
    if (draft.id && body.guest && had === null) {
      try {
        answer = yield call(registerGuest, deps.api, draft.id, body.guest);
      } catch (error) {
        // the times and room are saved: the guest's fields show what is wrong with them
        if (!(error instanceof ApiError && error.fields)) throw error;
        const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`guest.${k}`, v]));
        yield put(saveFailed({ fields, message: null }));
        return;
      }
    }
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

/** The guest taken off the booking: the editor stays open so another can be added. */
function* removeGuest(deps: Deps, action: ReturnType<typeof guestRemoveRequested>) {
  try {
    const answer: { message: string; data: AppointmentDto } = yield call(unregisterGuest, deps.api, action.payload);
    yield put(guestRemoved(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
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
    takeLatest(guestRemoveRequested.type, removeGuest, deps),
  ]);
}
