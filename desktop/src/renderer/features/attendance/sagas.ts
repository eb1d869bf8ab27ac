import { buffers, eventChannel } from 'redux-saga';
import { all, call, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  attendanceStatusChangedSchema,
  attendanceSuggestionSchema,
  type AttendanceSuggestion,
  formatMessage,
  type AttendanceMeDto,
  type AttendanceStatusChanged,
  type LastRecordDto,
  type Locale,
  type TeamStatusDto,
  type TimeLogDto,
  addDays,
} from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { sessionPerLiveSocket } from '../../services/live-socket-saga';
import type { AppSocket } from '../../services/socket';
import { browserEffects, downloadFile, type TransferOptions } from '../chat';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import * as rest from './api';
import { activeStatusRequested } from '../presence/slice';
import { desktopSuggestion } from './timecard';
import {
  attendanceLoaded,
  attendanceLoadFailed,
  attendanceOpened,
  exportDone,
  exportRequested,
  permissionsSaved,
  permissionsSaveRequested,
  recordDone,
  recordFailed,
  recordRequested,
  reportLoaded,
  reportFailed,
  reportRequested,
  selectAttendance,
  shiftDeleteRequested,
  shiftSaved,
  shiftSaveFailed,
  shiftSaveRequested,
  shiftsLoaded,
  shiftsRequested,
  statusChanged,
  timeZoneSaveRequested,
  othersRecordDone,
  presenceTimecardSaveRequested,
  suggestionReceived,
  timeLogEditOpened,
  timeLogEditRequested,
  timeLogSaveFailed,
  timeLogSaveRequested,
  type AttendanceState,
} from './slice';

export interface AttendanceSagaDeps {
  api: ApiClient;
  transfer: Omit<TransferOptions, 'renew'>;
}

function* failure(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  yield put(notify({ kind: 'error', message: errorText(error, locale) }));
}

function* load({ api }: AttendanceSagaDeps) {
  try {
    const [me, last, team]: [AttendanceMeDto, LastRecordDto, TeamStatusDto[]] = yield all([
      call(rest.fetchMe, api),
      call(rest.fetchLast, api),
      call(rest.fetchTeam, api),
    ]);
    yield put(attendanceLoaded({ me, last, team }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(attendanceLoadFailed(errorText(error, locale), error instanceof ApiError ? (error.code ?? null) : null));
  }
}

function* record({ api }: AttendanceSagaDeps, action: ReturnType<typeof recordRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof rest.postRecord>> = yield call(
      rest.postRecord,
      api,
      action.payload.action,
      action.payload.employeeId,
    );
    const { me }: AttendanceState = yield select(selectAttendance);
    const forOther = action.payload.employeeId !== undefined && action.payload.employeeId !== me?.userId;
    yield put(forOther ? othersRecordDone(answer.data) : recordDone(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
    const { report, query }: AttendanceState = yield select(selectAttendance);
    if (report) yield put(reportRequested(query));
  } catch (error) {
    yield put(recordFailed());
    yield* failure(error);
    // the status may have changed elsewhere (another tab, a manager): show the server's
    yield* load({ api } as AttendanceSagaDeps);
  }
}

/** Opens the correction dialog on one record of the report's person and range. */
function* openEdit({ api }: AttendanceSagaDeps, action: ReturnType<typeof timeLogEditRequested>) {
  try {
    const { query }: AttendanceState = yield select(selectAttendance);
    const logs: TimeLogDto[] = yield call(rest.fetchLogs, api, query);
    const log = logs.find((l) => l.id === action.payload);
    const locale: Locale = yield select(selectLocale);
    if (!log) throw new ApiError(formatMessage(locale, 'errors.TIME_LOG_NOT_FOUND'), 404, 'TIME_LOG_NOT_FOUND');
    yield put(timeLogEditOpened(log));
  } catch (error) {
    yield* failure(error);
  }
}

function* saveEdit({ api }: AttendanceSagaDeps, action: ReturnType<typeof timeLogSaveRequested>) {
  try {
    const answer: { message: string } = yield call(rest.patchTimeLog, api, action.payload.id, action.payload.body);
    yield put(timeLogEditOpened(null));
    yield put(notify({ kind: 'success', message: answer.message }));
    const { query }: AttendanceState = yield select(selectAttendance);
    yield put(reportRequested(query));
    yield* load({ api } as AttendanceSagaDeps);
  } catch (error) {
    const fields = error instanceof ApiError ? { ...(error.fields ?? {}) } : {};
    yield put(timeLogSaveFailed(fields));
    if (Object.keys(fields).length === 0) yield* failure(error);
  }
}

function* report({ api }: AttendanceSagaDeps, action: ReturnType<typeof reportRequested>) {
  try {
    yield put(reportLoaded(yield call(rest.fetchReport, api, action.payload)));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    const fields = error instanceof ApiError ? { ...(error.fields ?? {}) } : {};
    yield put(reportFailed({ message: errorText(error, locale), fields }));
  }
}

function* shifts({ api }: AttendanceSagaDeps, action: ReturnType<typeof shiftsRequested>) {
  const start = action.payload;
  const end = addDays(start, 6);
  const { shiftsFor }: AttendanceState = yield select(selectAttendance);
  try {
    yield put(
      shiftsLoaded(
        shiftsFor === null
          ? yield call(rest.fetchShifts, api, start, end)
          : yield call(rest.fetchShiftsOf, api, shiftsFor, start, end),
      ),
    );
  } catch (error) {
    yield put(shiftsLoaded([]));
    yield* failure(error);
  }
}

function* saveShift({ api }: AttendanceSagaDeps, action: ReturnType<typeof shiftSaveRequested>) {
  try {
    const p = action.payload;
    const answer: { message: string } =
      p.id === null ? yield call(rest.createShifts, api, p.body) : yield call(rest.updateShift, api, p.id, p.body);
    yield put(shiftSaved());
    yield put(notify({ kind: 'success', message: answer.message }));
    const { week }: AttendanceState = yield select(selectAttendance);
    if (week) yield put(shiftsRequested(week));
  } catch (error) {
    const fields = error instanceof ApiError ? { ...(error.fields ?? {}) } : {};
    yield put(shiftSaveFailed(fields));
    if (Object.keys(fields).length === 0) yield* failure(error);
  }
}

function* removeShift({ api }: AttendanceSagaDeps, action: ReturnType<typeof shiftDeleteRequested>) {
  try {
    const answer: { message: string } = yield call(rest.deleteShift, api, action.payload);
    yield put(shiftSaved());
    yield put(notify({ kind: 'success', message: answer.message }));
    const { week }: AttendanceState = yield select(selectAttendance);
    if (week) yield put(shiftsRequested(week));
  } catch (error) {
    yield put(shiftSaveFailed({}));
    yield* failure(error);
  }
}

function* savePermissions({ api }: AttendanceSagaDeps, action: ReturnType<typeof permissionsSaveRequested>) {
  try {
    const answer: { message: string } = yield call(
      rest.putPermissions,
      api,
      action.payload.userId,
      action.payload.permissions,
    );
    yield put(permissionsSaved(action.payload));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield* failure(error);
  }
}

function* exportFile(deps: AttendanceSagaDeps, action: ReturnType<typeof exportRequested>) {
  try {
    const options: TransferOptions = {
      ...deps.transfer,
      renew: () =>
        deps.api.get('/auth/me').then(
          () => true,
          () => false,
        ),
    };
    const blob: Blob = yield call(downloadFile, options, rest.exportPath(action.payload), undefined, () => {});
    const who = action.payload.team ? 'team' : String(action.payload.employeeId ?? 'me');
    browserEffects.deliver(blob, `attendance-${action.payload.month}-${who}.${action.payload.format}`, false);
  } catch (error) {
    yield* failure(error);
  }
  yield put(exportDone());
}

function* saveTimeZone(
  { api }: AttendanceSagaDeps,
  action: ReturnType<typeof timeZoneSaveRequested> | ReturnType<typeof presenceTimecardSaveRequested>,
) {
  try {
    const body =
      typeof action.payload === 'string' ? { timeZone: action.payload } : { presenceTimecard: action.payload };
    const answer: { message: string } = yield call(rest.patchSettings, api, body);
    yield put(notify({ kind: 'success', message: answer.message }));
    yield* load({ api } as AttendanceSagaDeps);
    const { query }: AttendanceState = yield select(selectAttendance);
    yield put(reportRequested(query));
  } catch (error) {
    yield* failure(error);
  }
}

/** The presence timecard's suggestions to me (the floor's entry and leave), on the live socket. */
function* followSuggestions(socket: AppSocket) {
  const channel = eventChannel<AttendanceSuggestion>((emit) => {
    const listener = (payload: unknown) => {
      const parsed = attendanceSuggestionSchema.safeParse(payload);
      if (parsed.success) emit(parsed.data);
    };
    socket.on('attendance:suggestion', listener);
    return () => socket.off('attendance:suggestion', listener);
  }, buffers.sliding(1));
  try {
    for (;;) yield put(suggestionReceived((yield take(channel)) as AttendanceSuggestion));
  } finally {
    channel.close();
  }
}

/** The desktop app's away and back (powerMonitor in the main process) suggest a break and its end. */
function* desktopAway(action: ReturnType<typeof activeStatusRequested>) {
  const { me, last }: AttendanceState = yield select(selectAttendance);
  const suggestion = desktopSuggestion(action.payload.source, me, last, new Date());
  if (suggestion) yield put(suggestionReceived(suggestion));
}

/** On the live floor: teammates' status changes reach the avatars. */
function* followStatuses(socket: AppSocket) {
  const channel = eventChannel<AttendanceStatusChanged>((emit) => {
    const listener = (payload: unknown) => {
      const parsed = attendanceStatusChangedSchema.safeParse(payload);
      if (parsed.success) emit(parsed.data);
    };
    socket.on('attendance:statusChanged', listener);
    return () => socket.off('attendance:statusChanged', listener);
  }, buffers.expanding(32));
  try {
    for (;;) yield put(statusChanged((yield take(channel)) as AttendanceStatusChanged));
  } finally {
    channel.close();
  }
}

export function* attendanceSaga(deps: AttendanceSagaDeps) {
  yield takeLatest(attendanceOpened.type, load, deps);
  yield takeEvery(recordRequested.type, record, deps);
  yield takeLatest(reportRequested.type, report, deps);
  yield takeLatest(shiftsRequested.type, shifts, deps);
  yield takeLatest(shiftSaveRequested.type, saveShift, deps);
  yield takeLatest(shiftDeleteRequested.type, removeShift, deps);
  yield takeEvery(permissionsSaveRequested.type, savePermissions, deps);
  yield takeLatest(exportRequested.type, exportFile, deps);
  yield takeLatest(timeZoneSaveRequested.type, saveTimeZone, deps);
  yield takeLatest(timeLogEditRequested.type, openEdit, deps);
  yield takeLatest(timeLogSaveRequested.type, saveEdit, deps);
  yield takeLatest(presenceTimecardSaveRequested.type, saveTimeZone, deps);
  yield takeEvery(activeStatusRequested.type, desktopAway);
  yield* sessionPerLiveSocket(function* (socket: AppSocket) {
    yield all([call(followStatuses, socket), call(followSuggestions, socket)]);
  });
}
