import { toJapanTime } from '@tsudoi/common';

/* Calendar arithmetic on Japan dates ("2026-12-01"), independent of the browser's time zone. */

export const japanToday = (now = new Date()) => toJapanTime(now).slice(0, 10);

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Monday of the week of `date`. */
export function weekStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Minutes since midnight of a Japan time "…T10:30:00+09:00". */
export const minutesOf = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));

export const hhmm = (time: string) => time.slice(11, 16);

/** The range [from, to) the calendar shows: one day or the week from Monday. */
export function viewRange(view: 'day' | 'week', anchor: string) {
  const from = view === 'day' ? anchor : weekStart(anchor);
  return {
    from,
    to: addDays(from, view === 'day' ? 1 : 7),
    days: view === 'day' ? [from] : [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(from, i)),
  };
}

/** "2026-12-01" → a short label in the UI's language ("12/1 (火)", "Tue 1 Dec"). */
export function dayLabel(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone: 'UTC',
    month: locale === 'ja' ? 'numeric' : 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
