import { addDays, isLocalDate, daysBetween } from './time-zone';
import { MAX_RANGE_DAYS, type TimeLogRange } from './status';

/**
 * The date-range form (product spec §5; calls spec §9.2): 1 week, 2 weeks and
 * 1 month end today; custom takes both dates; all has no bounds. Answers the
 * local dates or a message id under `attendance.validation.`.
 */
export type RangeResult =
  | { ok: true; from?: string; to?: string }
  | { ok: false; field: 'from' | 'to'; message: string };

export function resolveRange(range: TimeLogRange, today: string, from?: string, to?: string): RangeResult {
  switch (range) {
    case '1w':
      return { ok: true, from: addDays(today, -6), to: today };
    case '2w':
      return { ok: true, from: addDays(today, -13), to: today };
    case '1m': {
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const back = new Date(Date.UTC(y, m - 2, d + 1));
      // 31 March minus a month is 1 March, not 3 March: clamp to the previous month's end
      const clamped = back.getUTCMonth() === (m + 10) % 12 ? back : new Date(Date.UTC(y, m - 1, 1));
      return { ok: true, from: clamped.toISOString().slice(0, 10), to: today };
    }
    case 'all':
      return { ok: true };
    case 'custom':
      if (!from) return { ok: false, field: 'from', message: 'attendance.validation.startRequired' };
      if (!isLocalDate(from)) return { ok: false, field: 'from', message: 'attendance.validation.invalidDate' };
      if (!to) return { ok: false, field: 'to', message: 'attendance.validation.endRequired' };
      if (!isLocalDate(to)) return { ok: false, field: 'to', message: 'attendance.validation.invalidDate' };
      if (to < from) return { ok: false, field: 'to', message: 'attendance.validation.rangeEndBeforeStart' };
      if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS)
        return { ok: false, field: 'to', message: 'attendance.validation.rangeTooLong' };
      return { ok: true, from, to };
  }
}

/** First and last local date of a month 'YYYY-MM'. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
