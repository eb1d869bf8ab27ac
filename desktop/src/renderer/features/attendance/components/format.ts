import { formatMinutes, localTime } from '@tsudoi/common';

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
