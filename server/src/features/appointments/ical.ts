/**
 * A one-event iCalendar file (RFC 5545), built by hand: one VEVENT with UTC
 * times needs no time-zone tables, and the rules it must follow (CRLF line
 * ends, TEXT escaping, lines folded at 75 octets) fit in this file — a
 * dependency (ical-generator) would bring far more than it saves here.
 */
export interface IcalEvent {
  uid: string;
  start: Date;
  end: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  organizer?: { name: string; email: string };
  /** Increases with each change of the same event (SEQUENCE). */
  sequence?: number;
  method?: 'REQUEST' | 'CANCEL';
}

/** 2026-12-01T01:00:00.000Z → 20261201T010000Z */
export const icalTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export const icalText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line into pieces of at most 75 octets, never inside a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildIcal(event: IcalEvent): string {
  const method = event.method ?? 'REQUEST';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tsudoi//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icalTime(event.stamp)}`,
    `DTSTART:${icalTime(event.start)}`,
    `DTEND:${icalTime(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `SUMMARY:${icalText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icalText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icalText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer
      ? [`ORGANIZER;CN="${event.organizer.name.replace(/["\r\n]/g, '')}":mailto:${event.organizer.email}`]
      : []),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
