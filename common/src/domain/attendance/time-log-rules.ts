import { shiftProblems } from './shift-rules';
import type { AttendanceStatus } from './status';
import { addDays, zonedInstant } from './time-zone';

/**
 * Correcting a time log (spec §6 "edit all attendance"): the form gives
 * wall-clock times in the company's zone — check-in on `date`, check-out
 * that day or the next when earlier (a night), each break at the first
 * occurrence of its times after check-in. An open break (no end) may only be
 * the last one of a record still open (no check-out).
 */
export interface TimeLogForm {
  date: string;
  checkInTime: string;
  checkOutTime: string | null;
  breaks: { start: string; end: string | null }[];
}

export interface PlacedTimeLog {
  checkInAt: Date;
  checkOutAt: Date | null;
  breaks: { start: Date; end: Date | null }[];
  /** The check-out's time of day was earlier than the check-in's, so it was placed on the next day. */
  checkOutNextDay?: boolean;
}

export function placeTimeLog(form: TimeLogForm, timeZone: string): PlacedTimeLog {
  const checkInAt = zonedInstant(form.date, form.checkInTime, timeZone);
  const checkOutAt =
    form.checkOutTime === null
      ? null
      : zonedInstant(
          form.checkOutTime < form.checkInTime ? addDays(form.date, 1) : form.date,
          form.checkOutTime,
          timeZone,
        );
  const breaks = form.breaks.map((b) => {
    const day = b.start < form.checkInTime ? addDays(form.date, 1) : form.date;
    const start = zonedInstant(day, b.start, timeZone);
    const end = b.end === null ? null : zonedInstant(b.end < b.start ? addDays(day, 1) : day, b.end, timeZone);
    return { start, end };
  });
  return {
    checkInAt,
    checkOutAt,
    breaks,
    checkOutNextDay: form.checkOutTime !== null && form.checkOutTime < form.checkInTime,
  };
}

export type TimeLogField = 'checkInTime' | 'checkOutTime' | `breaks.${number}` | `breaks.${number}.end`;

/**
 * The problems of a placed correction at `now`, as message ids under
 * `attendance.validation.` keyed by the form's field: nothing in the future;
 * check-out after check-in (24 hours at most); breaks inside the working
 * time, not overlapping; an open break only last and only while not checked out.
 */
export function timeLogProblems(log: PlacedTimeLog, now: Date): Partial<Record<TimeLogField, string>> {
  const problems: Partial<Record<TimeLogField, string>> = {};
  const t = now.getTime();
  if (log.checkInAt.getTime() > t) problems.checkInTime = 'attendance.validation.inFuture';
  // earlier than check-in reads as the next morning; when that has not come, say so, not just "in the future"
  if (log.checkOutAt && log.checkOutAt.getTime() > t)
    problems.checkOutTime = log.checkOutNextDay
      ? 'attendance.validation.checkOutNextDay'
      : 'attendance.validation.inFuture';
  log.breaks.forEach((b, i) => {
    if (b.start.getTime() > t) problems[`breaks.${i}`] = 'attendance.validation.inFuture';
    else if (b.end === null && (log.checkOutAt !== null || i !== log.breaks.length - 1))
      problems[`breaks.${i}.end`] = 'attendance.validation.breakEndRequired';
    else if (b.end && b.end.getTime() > t) problems[`breaks.${i}.end`] = 'attendance.validation.inFuture';
  });
  const end = log.checkOutAt ?? new Date(Math.max(t, log.checkInAt.getTime()));
  const rules = shiftProblems(
    { start: log.checkInAt, end },
    log.breaks.map((b) => ({ start: b.start, end: b.end ?? end })),
  );
  for (const [field, id] of Object.entries(rules)) {
    // a closed record is under 24 hours by its placement; an open one is as long as it has been open
    if (id === 'attendance.validation.shiftTooLong') continue;
    const key = (field === 'end' ? 'checkOutTime' : field) as TimeLogField;
    problems[key] ??= id === 'attendance.validation.endBeforeStart' ? 'attendance.validation.checkOutBeforeIn' : id;
  }
  return problems;
}

/** The status a corrected record has: left once checked out, on break while its last break is open, else working. */
export function statusOfLog(log: PlacedTimeLog): AttendanceStatus {
  if (log.checkOutAt) return 'left';
  return log.breaks.at(-1)?.end === null ? 'onBreak' : 'working';
}
