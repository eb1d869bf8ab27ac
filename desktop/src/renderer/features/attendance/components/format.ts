import { formatMinutes, localTime, type TimeLogDto } from '@tsudoi/common';

/** 'HH:mm' of an ISO instant in the company zone, or an em dash. */
export const timeIn = (iso: string | null | undefined, timeZone: string) =>
  iso ? localTime(new Date(iso), timeZone) : '—';
/** 'H:MM' of minutes, or an em dash for none. */
export const hours = (min: number, dashIfZero = true) => (min === 0 && dashIfZero ? '—' : formatMinutes(min));
/** A local date with its weekday in the reader's language ('11/25 (水)', 'Wed 11/25'). */
export function dayLabel(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d, 12));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(day);
  return locale === 'ja' ? `${m}/${d} (${weekday})` : `${weekday} ${m}/${d}`;
}

/**
 * The open or last record's break and worked minutes at `now`. A time the
 * server stamped a moment after this page's clock (a break that just began)
 * counts as nothing yet, never as a negative time.
 */
export function todayMinutes(
  record: Pick<TimeLogDto, 'checkInAt' | 'checkOutAt' | 'breaks'> | null,
  now: number,
): { breakMin: number; workedMin: number } {
  if (!record) return { breakMin: 0, workedMin: 0 };
  let breakMs = 0;
  for (const b of record.breaks) breakMs += Math.max(0, (b.end ? Date.parse(b.end) : now) - Date.parse(b.start));
  const end = record.checkOutAt ? Date.parse(record.checkOutAt) : now;
  return {
    breakMin: Math.floor(breakMs / 60_000),
    workedMin: Math.max(0, Math.floor((end - Date.parse(record.checkInAt) - breakMs) / 60_000)),
  };
}
