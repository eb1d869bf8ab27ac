import type { AttendanceStatusChanged, AttendanceSuggestion } from '../rest/attendance';

/** Attendance (issue 18): server → team only; check-in and the rest go over REST (time-log/record). */
export interface AttendanceServerEvents {
  /** A teammate's status changed (working, on break, left work), sent to every socket of the team. */
  'attendance:statusChanged': (change: AttendanceStatusChanged) => void;
  /** The presence timecard (opt-in per company) suggests an action to this person only; they confirm or not. */
  'attendance:suggestion': (suggestion: AttendanceSuggestion) => void;
}
