import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AttendanceAction,
  AttendanceMeDto,
  AttendancePermissions,
  AttendanceReportDto,
  AttendanceStatus,
  AttendanceStatusChanged,
  AttendanceSuggestion,
  LastRecordDto,
  ShiftCreateBody,
  ShiftDto,
  TeamStatusDto,
  TimeLogDto,
  TimeLogRangeQuery,
  TimeLogUpdateBody,
} from '@tsudoi/common';
import { sessionReset } from '../auth';

/** When a record's status began (the server's rule in time-logs.service sinceOf). */
function sinceOf(r: TimeLogDto): string {
  const last = r.breaks.at(-1);
  if (r.status === 'left' && r.checkOutAt) return r.checkOutAt;
  if (r.status === 'onBreak' && last) return last.start;
  return last?.end ?? r.checkInAt;
}

export interface LiveStatus {
  status: AttendanceStatus | null;
  since: string | null;
}

export interface AttendanceState {
  me: AttendanceMeDto | null;
  loadError: string | null;
  /** The catalogue code of the load's refusal (PLAN_FEATURE_REQUIRED: the owner is offered the plan page). */
  loadErrorCode: string | null;
  last: LastRecordDto | null;
  /** The action on its way (its button spins). */
  recording: AttendanceAction | null;
  team: TeamStatusDto[];
  /** Everyone's status now by user id: the team list, then `attendance:statusChanged`. */
  statuses: Record<number, LiveStatus>;
  query: TimeLogRangeQuery;
  report: AttendanceReportDto | null;
  reportLoading: boolean;
  reportError: string | null;
  rangeErrors: Record<string, string>;
  week: string | null;
  /** /employee/{id}/shift: one person's shifts (GET shifts/by-employee); null: the team's (GET shifts). */
  shiftsFor: number | null;
  shifts: ShiftDto[];
  shiftsLoading: boolean;
  shiftSaving: boolean;
  shiftErrors: Record<string, string>;
  /** Counts saved shifts (a dialog closes when it moves). */
  shiftSaves: number;
  exporting: 'pdf' | 'csv' | null;
  /** The record whose correction dialog is open (editAllAttendance). */
  editing: TimeLogDto | null;
  editSaving: boolean;
  editErrors: Record<string, string>;
  /** The presence timecard's suggestion waiting for the person (nothing is recorded until they confirm). */
  suggestion: AttendanceSuggestion | null;
}

export interface WithAttendance {
  attendance: AttendanceState;
}

const initialState: AttendanceState = {
  me: null,
  loadError: null,
  loadErrorCode: null,
  last: null,
  recording: null,
  team: [],
  statuses: {},
  query: { range: '1w' },
  report: null,
  reportLoading: false,
  reportError: null,
  rangeErrors: {},
  week: null,
  shiftsFor: null,
  shifts: [],
  shiftsLoading: false,
  shiftSaving: false,
  shiftErrors: {},
  shiftSaves: 0,
  exporting: null,
  editing: null,
  editSaving: false,
  editErrors: {},
  suggestion: null,
};

export type ShiftSave =
  | { id: number; body: Omit<ShiftCreateBody, 'employeeIds' | 'repeatWeeks'> }
  | { id: null; body: ShiftCreateBody };

const slice = createSlice({
  name: 'attendance',
  initialState,
  reducers: {
    attendanceOpened() {},
    attendanceLoaded(
      state,
      action: PayloadAction<{ me: AttendanceMeDto; last: LastRecordDto; team: TeamStatusDto[] }>,
    ) {
      state.me = action.payload.me;
      state.last = action.payload.last;
      state.team = action.payload.team;
      state.loadError = null;
      state.loadErrorCode = null;
      state.statuses = Object.fromEntries(
        action.payload.team.map((t) => [t.userId, { status: t.status, since: t.since }]),
      );
    },
    attendanceLoadFailed: {
      reducer(state, action: PayloadAction<{ message: string; code: string | null }>) {
        state.loadError = action.payload.message;
        state.loadErrorCode = action.payload.code;
      },
      prepare: (message: string, code: string | null = null) => ({ payload: { message, code } }),
    },
    recordRequested(state, action: PayloadAction<{ action: AttendanceAction; employeeId?: number }>) {
      state.recording = action.payload.action;
    },
    recordDone(state, action: PayloadAction<LastRecordDto>) {
      state.recording = null;
      state.suggestion = null;
      state.last = action.payload;
      const r = action.payload.record;
      if (!r) return;
      const live = { status: action.payload.status, since: sinceOf(r) };
      state.statuses[r.userId] = live;
      const member = state.team.find((t) => t.userId === r.userId);
      if (member) Object.assign(member, live);
    },
    recordFailed(state) {
      state.recording = null;
    },
    /** A teammate's record made by someone with manageOthers: their row follows, my own status stays. */
    othersRecordDone(state, action: PayloadAction<LastRecordDto>) {
      state.recording = null;
      const r = action.payload.record;
      if (!r) return;
      const live = { status: action.payload.status, since: sinceOf(r) };
      state.statuses[r.userId] = live;
      const member = state.team.find((t) => t.userId === r.userId);
      if (member) Object.assign(member, live);
    },
    suggestionReceived(state, action: PayloadAction<AttendanceSuggestion>) {
      state.suggestion = action.payload;
    },
    suggestionDismissed(state) {
      state.suggestion = null;
    },
    presenceTimecardSaveRequested(_state, _action: PayloadAction<boolean>) {},
    timeLogEditRequested(_state, _action: PayloadAction<number>) {},
    timeLogEditOpened(state, action: PayloadAction<TimeLogDto | null>) {
      state.editing = action.payload;
      state.editErrors = {};
      state.editSaving = false;
    },
    timeLogSaveRequested(state, _action: PayloadAction<{ id: number; body: TimeLogUpdateBody }>) {
      state.editSaving = true;
      state.editErrors = {};
    },
    timeLogSaveFailed(state, action: PayloadAction<Record<string, string>>) {
      state.editSaving = false;
      state.editErrors = action.payload;
    },
    statusChanged(state, action: PayloadAction<AttendanceStatusChanged>) {
      const { userId, status, since } = action.payload;
      state.statuses[userId] = { status, since };
      const member = state.team.find((t) => t.userId === userId);
      if (member) {
        member.status = status;
        member.since = since;
      }
    },
    reportRequested(state, action: PayloadAction<TimeLogRangeQuery>) {
      state.query = action.payload;
      state.reportLoading = true;
      state.reportError = null;
      state.rangeErrors = {};
    },
    reportLoaded(state, action: PayloadAction<AttendanceReportDto>) {
      state.report = action.payload;
      state.reportLoading = false;
    },
    reportFailed(state, action: PayloadAction<{ message: string; fields: Record<string, string> }>) {
      state.reportLoading = false;
      state.reportError = Object.keys(action.payload.fields).length ? null : action.payload.message;
      state.rangeErrors = action.payload.fields;
    },
    /** The shift page opened for one person or the team: the week is asked again for them. */
    shiftsScopeSet(state, action: PayloadAction<number | null>) {
      if (state.shiftsFor === action.payload) return;
      state.shiftsFor = action.payload;
      state.week = null;
      state.shifts = [];
    },
    shiftsRequested(state, action: PayloadAction<string>) {
      state.week = action.payload;
      state.shiftsLoading = true;
    },
    shiftsLoaded(state, action: PayloadAction<ShiftDto[]>) {
      state.shifts = action.payload;
      state.shiftsLoading = false;
    },
    shiftSaveRequested(state, _action: PayloadAction<ShiftSave>) {
      state.shiftSaving = true;
      state.shiftErrors = {};
    },
    shiftDeleteRequested(state, _action: PayloadAction<number>) {
      state.shiftSaving = true;
    },
    shiftSaved(state) {
      state.shiftSaving = false;
      state.shiftSaves += 1;
    },
    shiftSaveFailed(state, action: PayloadAction<Record<string, string>>) {
      state.shiftSaving = false;
      state.shiftErrors = action.payload;
    },
    shiftErrorsCleared(state) {
      state.shiftErrors = {};
    },
    permissionsSaveRequested(_state, _action: PayloadAction<{ userId: number; permissions: AttendancePermissions }>) {},
    permissionsSaved(state, action: PayloadAction<{ userId: number; permissions: AttendancePermissions }>) {
      const member = state.team.find((t) => t.userId === action.payload.userId);
      if (member) member.permissions = action.payload.permissions;
    },
    timeZoneSaveRequested(_state, _action: PayloadAction<string>) {},
    exportRequested(
      state,
      action: PayloadAction<{ employeeId?: number; team?: boolean; month: string; format: 'pdf' | 'csv' }>,
    ) {
      state.exporting = action.payload.format;
    },
    exportDone(state) {
      state.exporting = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  attendanceOpened,
  attendanceLoaded,
  attendanceLoadFailed,
  recordRequested,
  recordDone,
  recordFailed,
  othersRecordDone,
  suggestionReceived,
  suggestionDismissed,
  presenceTimecardSaveRequested,
  timeLogEditRequested,
  timeLogEditOpened,
  timeLogSaveRequested,
  timeLogSaveFailed,
  statusChanged,
  reportRequested,
  reportLoaded,
  reportFailed,
  shiftsRequested,
  shiftsScopeSet,
  shiftsLoaded,
  shiftSaveRequested,
  shiftDeleteRequested,
  shiftSaved,
  shiftSaveFailed,
  shiftErrorsCleared,
  permissionsSaveRequested,
  permissionsSaved,
  exportRequested,
  exportDone,
  timeZoneSaveRequested,
} = slice.actions;
export const attendanceReducer = slice.reducer;
export const selectAttendance = (state: WithAttendance): AttendanceState => state.attendance;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    attendance: ReturnType<typeof attendanceReducer>;
  }
}
