/**
 * Attendance status and actions (product spec §4): working, on break, left
 * work; check-in, start break, end break, check-out. The server applies the
 * machine to the person's open record; the UI uses it to enable buttons.
 */
export const ATTENDANCE_STATUSES = ['working', 'onBreak', 'left'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_ACTIONS = ['checkIn', 'startBreak', 'endBreak', 'checkOut'] as const;
export type AttendanceAction = (typeof ATTENDANCE_ACTIONS)[number];

/** Refusals of the machine: catalogue codes (common/src/errors.ts). */
export type AttendanceRefusal =
  | 'ATTENDANCE_ALREADY_CHECKED_IN'
  | 'ATTENDANCE_NOT_CHECKED_IN'
  | 'ATTENDANCE_ALREADY_ON_BREAK'
  | 'ATTENDANCE_NOT_ON_BREAK';

export type Transition = { ok: true; status: AttendanceStatus } | { ok: false; code: AttendanceRefusal };

/**
 * The next status after an action. `current` is the status of the person's
 * last record ('left' or null: not at work). Checking out while on break
 * ends the break at the same instant (nobody has to press two buttons to go
 * home); every other out-of-order action is refused with its own code.
 */
export function transition(current: AttendanceStatus | null, action: AttendanceAction): Transition {
  const at = current ?? 'left';
  switch (action) {
    case 'checkIn':
      return at === 'left' ? { ok: true, status: 'working' } : { ok: false, code: 'ATTENDANCE_ALREADY_CHECKED_IN' };
    case 'startBreak':
      if (at === 'left') return { ok: false, code: 'ATTENDANCE_NOT_CHECKED_IN' };
      return at === 'working' ? { ok: true, status: 'onBreak' } : { ok: false, code: 'ATTENDANCE_ALREADY_ON_BREAK' };
    case 'endBreak':
      if (at === 'left') return { ok: false, code: 'ATTENDANCE_NOT_CHECKED_IN' };
      return at === 'onBreak' ? { ok: true, status: 'working' } : { ok: false, code: 'ATTENDANCE_NOT_ON_BREAK' };
    case 'checkOut':
      return at === 'left' ? { ok: false, code: 'ATTENDANCE_NOT_CHECKED_IN' } : { ok: true, status: 'left' };
  }
}

/** The actions that are possible from a status (the buttons that are enabled). */
export const allowedActions = (current: AttendanceStatus | null): AttendanceAction[] =>
  ATTENDANCE_ACTIONS.filter((a) => transition(current, a).ok);

/** Attendance permissions (product spec §6), in the order of the spec. OWNER and ADMIN hold all of them. */
export const ATTENDANCE_PERMISSIONS = [
  'manageOthers',
  'editShifts',
  'editAllAttendance',
  'seeAllShifts',
  'seeAllRecords',
  'downloadAllPdf',
] as const;
export type AttendancePermission = (typeof ATTENDANCE_PERMISSIONS)[number];
export type AttendancePermissions = Record<AttendancePermission, boolean>;

export const noAttendancePermissions = (): AttendancePermissions =>
  Object.fromEntries(ATTENDANCE_PERMISSIONS.map((p) => [p, false])) as AttendancePermissions;
export const allAttendancePermissions = (): AttendancePermissions =>
  Object.fromEntries(ATTENDANCE_PERMISSIONS.map((p) => [p, true])) as AttendancePermissions;

/** Time-log ranges (calls spec §9.2): 1 week, 2 weeks, 1 month, custom and all. */
export const TIME_LOG_RANGES = ['1w', '2w', '1m', 'custom', 'all'] as const;
export type TimeLogRange = (typeof TIME_LOG_RANGES)[number];
/** The longest custom range and the longest shift. */
export const MAX_RANGE_DAYS = 366;
export const MAX_SHIFT_HOURS = 24;
export const MAX_SHIFT_BREAKS = 6;
/** How many further weeks a weekly template repeats a shift. */
export const MAX_REPEAT_WEEKS = 12;
export const SHIFT_TITLE_MAX = 50;
