import { expect } from 'chai';
import {
  buildIcs,
  foldIcsLine,
  googleCalendarUrl,
  icsEscape,
  outlookCalendarUrl,
  utcStamp,
  yahooCalendarUrl,
  type CalendarEvent,
} from './calendar';

const event: CalendarEvent = {
  uid: 'floor-7@tsudoi.example',
  title: '全社会議, Q4; 振り返り',
  description: '年末の全社会議です',
  url: 'https://tsudoi.example/floors/7',
  start: new Date('2026-12-01T01:00:00Z'),
  end: new Date('2026-12-01T03:30:00Z'),
};

describe('floors: calendar links and .ics', () => {
  it('writes UTC stamps', () => {
    expect(utcStamp(event.start)).to.equal('20261201T010000Z');
  });

  it('builds a Google Calendar template link with the UTC range', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).to.equal('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).to.equal('TEMPLATE');
    expect(url.searchParams.get('text')).to.equal(event.title);
    expect(url.searchParams.get('dates')).to.equal('20261201T010000Z/20261201T033000Z');
    expect(url.searchParams.get('details')).to.equal(`${event.description}\n\n${event.url}`);
  });

  it('gives Outlook the Japan time with its offset (the + survives encoding)', () => {
    const link = outlookCalendarUrl(event);
    expect(link).to.contain('startdt=2026-12-01T10%3A00%3A00%2B09%3A00');
    const url = new URL(link);
    expect(url.searchParams.get('enddt')).to.equal('2026-12-01T12:30:00+09:00');
    expect(url.searchParams.get('subject')).to.equal(event.title);
  });

  it('builds a Yahoo link', () => {
    const url = new URL(yahooCalendarUrl(event));
    expect(url.host).to.equal('calendar.yahoo.com');
    expect(url.searchParams.get('st')).to.equal('20261201T010000Z');
    expect(url.searchParams.get('et')).to.equal('20261201T033000Z');
    expect(url.searchParams.get('in_loc')).to.equal(event.url);
  });

  it('escapes text values', () => {
    expect(icsEscape('a\\b;c,d\ne')).to.equal('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'会議'.repeat(40)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).to.be.greaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).to.be.at.most(75);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).to.equal(line);
    expect(foldIcsLine('SHORT:1')).to.equal('SHORT:1');
  });

  it('writes one VEVENT with CRLF line ends', () => {
    const ics = buildIcs(event, new Date('2026-11-23T00:00:00Z'));
    const lines = ics.split('\r\n');
    expect(lines[0]).to.equal('BEGIN:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).to.equal(true);
    expect(lines).to.include('DTSTART:20261201T010000Z');
    expect(lines).to.include('DTEND:20261201T033000Z');
    expect(lines).to.include('DTSTAMP:20261123T000000Z');
    expect(lines).to.include('UID:floor-7@tsudoi.example');
    expect(ics).to.contain('SUMMARY:全社会議\\, Q4\\; 振り返り');
    expect(ics.replace(/\r\n /g, '')).to.contain('DESCRIPTION:年末の全社会議です\\n\\nhttps://tsudoi.example/floors/7');
    expect(ics.replace(/\r\n/g, '')).not.to.contain('\n');
  });
});
