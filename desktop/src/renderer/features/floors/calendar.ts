import { toJapanTime } from '@tsudoi/common';

/** One floor as a calendar entry (spec §2: Google, Outlook, Yahoo and iCal links on the landing page). */
export interface CalendarEvent {
  /** Stable per floor, so a second import updates the entry instead of adding one. */
  uid: string;
  title: string;
  description: string;
  /** The floor's landing page. */
  url: string;
  start: Date;
  end: Date;
}

/** 2026-12-01T01:00:00Z → "20261201T010000Z" (the UTC form every calendar reads). */
export const utcStamp = (date: Date): string =>
  date
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');

const details = (event: CalendarEvent) => [event.description, event.url].filter(Boolean).join('\n\n');

export function googleCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.start)}/${utcStamp(event.end)}`,
    details: details(event),
    location: event.url,
    ctz: 'Asia/Tokyo',
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

export function outlookCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: toJapanTime(event.start),
    enddt: toJapanTime(event.end),
    body: details(event),
    location: event.url,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query}`;
}

export function yahooCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    v: '60',
    title: event.title,
    st: utcStamp(event.start),
    et: utcStamp(event.end),
    desc: details(event),
    in_loc: event.url,
  });
  return `https://calendar.yahoo.com/?${query}`;
}

/** RFC 5545 text: backslash, semicolon and comma escaped, line breaks as \n. */
export function icsEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1) without splitting a character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An .ics file with one event, CRLF line ends, times in UTC. */
export function buildIcs(event: CalendarEvent, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tsudoi//Floors//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${icsEscape(event.title)}`,
    `DESCRIPTION:${icsEscape(details(event))}`,
    `LOCATION:${icsEscape(event.url)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
