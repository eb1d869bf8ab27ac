import { DEFAULT_TIME_ZONE, parseJapanTime, type Locale } from '@tsudoi/common';

/** Floor times are Japan time (UTC+9, no daylight saving; spec §1, §9.2). */
const JAPAN_OFFSET_MS = 9 * 3600 * 1000;

/** A moment as the value of a datetime-local input read as Japan time: "2026-12-01T10:00". */
export function toJapanInput(date: Date): string {
  return new Date(date.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 16);
}

/** A floor time from the server ("…+09:00") or an input value as a Date; null when empty or invalid. */
export function japanTime(value: string | null | undefined): Date | null {
  return value ? parseJapanTime(value) : null;
}

const tag = (locale: Locale) => (locale === 'ja' ? 'ja-JP' : 'en-US');

function dateText(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(tag(locale), {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: locale === 'ja' ? 'long' : 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(date);
}

function timeText(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(tag(locale), {
    timeZone: DEFAULT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** "2026年12月1日(火) 10:00" / "Tue, Dec 1, 2026 10:00", in Japan time whatever the device's zone. */
export function formatJapanDateTime(date: Date, locale: Locale): string {
  return `${dateText(date, locale)} ${timeText(date, locale)}`;
}

/** A floor's time range in Japan time; the end's date is left out when it is the same day. */
export function formatJapanRange(startAt: string | null, endAt: string | null, locale: Locale): string | null {
  const start = japanTime(startAt);
  const end = japanTime(endAt);
  if (!start || !end) return null;
  const dash = locale === 'ja' ? ' 〜 ' : ' – ';
  const sameDay = toJapanInput(start).slice(0, 10) === toJapanInput(end).slice(0, 10);
  const endText = sameDay ? timeText(end, locale) : formatJapanDateTime(end, locale);
  return `${formatJapanDateTime(start, locale)}${dash}${endText}`;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left until `target` at `now`, never negative. */
export function countdown(target: Date, now: Date): Countdown {
  const total = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
