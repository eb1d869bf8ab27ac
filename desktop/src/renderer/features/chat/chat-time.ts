import { DEFAULT_TIME_ZONE, type Locale } from '@tsudoi/common';

/** Chat times are shown in Japan time like every time in the app (decisions: floors). */
const tag = (locale: Locale) => (locale === 'ja' ? 'ja-JP' : 'en-US');

/** The calendar day of an instant in Japan, as "YYYY-MM-DD". */
export function dayKey(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(at);
}

/** "14:05" */
export function clockTime(at: number, locale: Locale): string {
  return new Intl.DateTimeFormat(tag(locale), {
    timeZone: DEFAULT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

/** "today", "yesterday", or a date such as "11月23日(月)" / "Mon, Nov 23" (with the year when not this year). */
export function dayLabel(at: number, locale: Locale, now: number): 'today' | 'yesterday' | string {
  const day = dayKey(at);
  if (day === dayKey(now)) return 'today';
  if (day === dayKey(now - 86_400_000)) return 'yesterday';
  const sameYear = day.slice(0, 4) === dayKey(now).slice(0, 4);
  return new Intl.DateTimeFormat(tag(locale), {
    timeZone: DEFAULT_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at);
}

/** The stamp in the conversation list: the time today, else a short date. */
export function listStamp(at: number, locale: Locale, now: number): string {
  if (dayKey(at) === dayKey(now)) return clockTime(at, locale);
  return new Intl.DateTimeFormat(tag(locale), { timeZone: DEFAULT_TIME_ZONE, month: 'numeric', day: 'numeric' }).format(
    at,
  );
}
