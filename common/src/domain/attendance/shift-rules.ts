import { MAX_SHIFT_HOURS } from './status';

/**
 * Shift rules (product spec §5): end after or equal to start; a break lies
 * inside working time and does not overlap other breaks. Times are instants
 * (the form's wall-clock values already placed in the company's zone).
 * Answers message ids under `attendance.validation.` keyed by field path.
 */
export interface Interval {
  start: Date;
  end: Date;
}

export type ShiftField = 'end' | `breaks.${number}` | `breaks.${number}.end`;

export function shiftProblems(shift: Interval, breaks: Interval[]): Partial<Record<ShiftField, string>> {
  const problems: Partial<Record<ShiftField, string>> = {};
  const s = shift.start.getTime();
  const e = shift.end.getTime();
  if (e < s) problems.end = 'attendance.validation.endBeforeStart';
  else if (e - s > MAX_SHIFT_HOURS * 3600_000) problems.end = 'attendance.validation.shiftTooLong';
  breaks.forEach((b, i) => {
    if (b.end.getTime() < b.start.getTime()) problems[`breaks.${i}.end`] = 'attendance.validation.breakEndBeforeStart';
    else if (b.start.getTime() < s || b.end.getTime() > e)
      problems[`breaks.${i}`] = 'attendance.validation.breakOutsideShift';
  });
  const order = breaks.map((b, i) => ({ b, i })).sort((x, y) => x.b.start.getTime() - y.b.start.getTime());
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1]!;
    const cur = order[k]!;
    if (cur.b.start.getTime() < prev.b.end.getTime() && !problems[`breaks.${cur.i}`])
      problems[`breaks.${cur.i}`] = 'attendance.validation.breaksOverlap';
  }
  return problems;
}

/** Minutes of an interval, whole minutes (seconds dropped). */
export const minutesOf = (i: Interval): number =>
  Math.max(0, Math.floor((i.end.getTime() - i.start.getTime()) / 60_000));
