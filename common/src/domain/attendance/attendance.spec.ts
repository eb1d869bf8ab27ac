import { expect } from 'chai';
import {
  addDays,
  allowedActions,
  buildReport,
  formatMinutes,
  isLocalDate,
  localDate,
  localTime,
  monthBounds,
  resolveRange,
  shiftProblems,
  transition,
  weekStart,
  zonedInstant,
  zoneOffsetMinutes,
  type RecordInput,
  type ShiftInput,
} from './index';

const TOKYO = 'Asia/Tokyo';
const at = (date: string, time: string, tz = TOKYO) => zonedInstant(date, time, tz);
const shift = (
  id: number,
  date: string,
  start: string,
  end: string,
  endDate = date,
  breaks: [string, string][] = [],
) => ({
  id,
  start: at(date, start),
  end: at(endDate, end),
  breaks: breaks.map(([s, e]) => ({ start: at(date, s), end: at(date, e) })),
});
const record = (id: number, inAt: Date, outAt: Date | null, breaks: [Date, Date | null][] = []): RecordInput => ({
  id,
  checkInAt: inAt,
  checkOutAt: outAt,
  breaks: breaks.map(([start, end]) => ({ start, end })),
});

describe('attendance: status machine', () => {
  it('walks check-in, break, end break, check-out', () => {
    expect(transition(null, 'checkIn')).to.deep.equal({ ok: true, status: 'working' });
    expect(transition('working', 'startBreak')).to.deep.equal({ ok: true, status: 'onBreak' });
    expect(transition('onBreak', 'endBreak')).to.deep.equal({ ok: true, status: 'working' });
    expect(transition('working', 'checkOut')).to.deep.equal({ ok: true, status: 'left' });
    expect(transition('left', 'checkIn')).to.deep.equal({ ok: true, status: 'working' });
  });
  it('checks out from a break (the break ends with it)', () => {
    expect(transition('onBreak', 'checkOut')).to.deep.equal({ ok: true, status: 'left' });
  });
  it('refuses every out-of-order action with its own code', () => {
    expect(transition('working', 'checkIn')).to.deep.equal({ ok: false, code: 'ATTENDANCE_ALREADY_CHECKED_IN' });
    expect(transition('onBreak', 'checkIn')).to.deep.equal({ ok: false, code: 'ATTENDANCE_ALREADY_CHECKED_IN' });
    expect(transition(null, 'startBreak')).to.deep.equal({ ok: false, code: 'ATTENDANCE_NOT_CHECKED_IN' });
    expect(transition('left', 'endBreak')).to.deep.equal({ ok: false, code: 'ATTENDANCE_NOT_CHECKED_IN' });
    expect(transition('left', 'checkOut')).to.deep.equal({ ok: false, code: 'ATTENDANCE_NOT_CHECKED_IN' });
    expect(transition('onBreak', 'startBreak')).to.deep.equal({ ok: false, code: 'ATTENDANCE_ALREADY_ON_BREAK' });
    expect(transition('working', 'endBreak')).to.deep.equal({ ok: false, code: 'ATTENDANCE_NOT_ON_BREAK' });
  });
  it('lists the buttons to enable', () => {
    expect(allowedActions(null)).to.deep.equal(['checkIn']);
    expect(allowedActions('working')).to.deep.equal(['startBreak', 'checkOut']);
    expect(allowedActions('onBreak')).to.deep.equal(['endBreak', 'checkOut']);
  });
});

describe('attendance: time zones', () => {
  it('places Japan time wall clocks (UTC+9, no daylight saving)', () => {
    expect(at('2026-11-25', '09:00').toISOString()).to.equal('2026-11-25T00:00:00.000Z');
    expect(at('2026-11-25', '08:00').toISOString()).to.equal('2026-11-24T23:00:00.000Z');
    expect(localDate(new Date('2026-11-24T23:00:00Z'), TOKYO)).to.equal('2026-11-25');
    expect(localTime(new Date('2026-11-24T23:05:00Z'), TOKYO)).to.equal('08:05');
    expect(zoneOffsetMinutes(new Date(), TOKYO)).to.equal(540);
  });
  it('follows another company zone, across daylight saving', () => {
    const ny = 'America/New_York';
    expect(zonedInstant('2026-01-15', '09:00', ny).toISOString()).to.equal('2026-01-15T14:00:00.000Z');
    expect(zonedInstant('2026-07-15', '09:00', ny).toISOString()).to.equal('2026-07-15T13:00:00.000Z');
    // the same instant is another date in Tokyo and in New York
    const instant = new Date('2026-07-15T20:00:00Z');
    expect(localDate(instant, TOKYO)).to.equal('2026-07-16');
    expect(localDate(instant, ny)).to.equal('2026-07-15');
  });
  it('does calendar arithmetic on local dates', () => {
    expect(addDays('2026-02-28', 1)).to.equal('2026-03-01');
    expect(addDays('2026-01-01', -1)).to.equal('2025-12-31');
    expect(weekStart('2026-11-25')).to.equal('2026-11-23'); // a Wednesday → Monday
    expect(weekStart('2026-11-29')).to.equal('2026-11-23'); // Sunday belongs to the week before
    expect(isLocalDate('2026-02-29')).to.equal(false);
    expect(isLocalDate('2028-02-29')).to.equal(true);
    expect(isLocalDate('2026-1-5')).to.equal(false);
  });
});

describe('attendance: shift rules', () => {
  const s = { start: at('2026-11-25', '09:00'), end: at('2026-11-25', '18:00') };
  it('accepts a shift with breaks inside and apart', () => {
    const breaks = [
      { start: at('2026-11-25', '12:00'), end: at('2026-11-25', '13:00') },
      { start: at('2026-11-25', '15:00'), end: at('2026-11-25', '15:15') },
    ];
    expect(shiftProblems(s, breaks)).to.deep.equal({});
    expect(shiftProblems({ start: s.start, end: s.start }, [])).to.deep.equal({}); // end equal to start is allowed
  });
  it('names every broken rule', () => {
    expect(shiftProblems({ start: s.end, end: s.start }, [])).to.deep.equal({
      end: 'attendance.validation.endBeforeStart',
    });
    expect(shiftProblems({ start: s.start, end: new Date(s.start.getTime() + 25 * 3600_000) }, [])).to.deep.equal({
      end: 'attendance.validation.shiftTooLong',
    });
    expect(shiftProblems(s, [{ start: at('2026-11-25', '13:00'), end: at('2026-11-25', '12:00') }])).to.deep.equal({
      'breaks.0.end': 'attendance.validation.breakEndBeforeStart',
    });
    expect(shiftProblems(s, [{ start: at('2026-11-25', '08:30'), end: at('2026-11-25', '09:30') }])).to.deep.equal({
      'breaks.0': 'attendance.validation.breakOutsideShift',
    });
    expect(shiftProblems(s, [{ start: at('2026-11-25', '17:30'), end: at('2026-11-25', '18:30') }])).to.deep.equal({
      'breaks.0': 'attendance.validation.breakOutsideShift',
    });
    expect(
      shiftProblems(s, [
        { start: at('2026-11-25', '12:00'), end: at('2026-11-25', '13:00') },
        { start: at('2026-11-25', '12:30'), end: at('2026-11-25', '13:30') },
      ]),
    ).to.deep.equal({ 'breaks.1': 'attendance.validation.breaksOverlap' });
  });
  it('accepts a break after midnight inside a night shift', () => {
    const night = { start: at('2026-11-25', '22:00'), end: at('2026-11-26', '06:00') };
    expect(shiftProblems(night, [{ start: at('2026-11-26', '02:00'), end: at('2026-11-26', '03:00') }])).to.deep.equal(
      {},
    );
  });
});

describe('attendance: report', () => {
  const now = at('2026-11-30', '12:00');
  const report = (shifts: ShiftInput[], records: RecordInput[], extra = {}) =>
    buildReport({ shifts, records, timeZone: TOKYO, now, ...extra });

  it('counts worked hours minus breaks, on time', () => {
    const s = shift(1, '2026-11-25', '09:00', '18:00', '2026-11-25', [['12:00', '13:00']]);
    const r = record(1, at('2026-11-25', '08:55'), at('2026-11-25', '18:05'), [
      [at('2026-11-25', '12:00'), at('2026-11-25', '12:50')],
    ]);
    const { rows, totals } = report([s], [r]);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ date: '2026-11-25', scheduledMin: 480, breakMin: 50, workedMin: 500 });
    expect(rows[0]).to.include({ lateMin: 0, earlyLeaveMin: 0, absent: false, open: false });
    expect(formatMinutes(totals.workedMin)).to.equal('8:20');
  });
  it('finds late arrival and early leave', () => {
    const s = shift(1, '2026-11-25', '09:00', '18:00');
    const r = record(1, at('2026-11-25', '09:17'), at('2026-11-25', '17:30'));
    const { rows, totals } = report([s], [r]);
    expect(rows[0]).to.include({ lateMin: 17, earlyLeaveMin: 30, workedMin: 493 });
    expect(totals).to.include({ lateCount: 1, lateMin: 17, earlyLeaveCount: 1, earlyLeaveMin: 30 });
  });
  it('marks a past shift without a record absent, but not one still to come', () => {
    const past = shift(1, '2026-11-26', '09:00', '18:00');
    const future = shift(2, '2026-12-01', '09:00', '18:00');
    const { rows, totals } = report([past, future], []);
    expect(rows.map((r) => r.absent)).to.deep.equal([true, false]);
    expect(totals.absenceCount).to.equal(1);
  });
  it('keeps a midnight-crossing shift on the day it starts', () => {
    const night = shift(1, '2026-11-25', '22:00', '06:00', '2026-11-26');
    const r = record(1, at('2026-11-25', '22:10'), at('2026-11-26', '05:40'), [
      [at('2026-11-26', '02:00'), at('2026-11-26', '02:30')],
    ]);
    const { rows } = report([night], [r]);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ date: '2026-11-25', lateMin: 10, earlyLeaveMin: 20, breakMin: 30, workedMin: 420 });
  });
  it('sums several records of one shift (went out and came back)', () => {
    const s = shift(1, '2026-11-25', '09:00', '18:00');
    const a = record(1, at('2026-11-25', '09:00'), at('2026-11-25', '12:00'));
    const b = record(2, at('2026-11-25', '13:00'), at('2026-11-25', '18:00'));
    const { rows } = report([s], [b, a]);
    expect(rows[0]).to.include({ workedMin: 480, lateMin: 0, earlyLeaveMin: 0 });
    expect(rows[0]!.recordIds).to.deep.equal([1, 2]);
  });
  it('counts an open record and an open break up to now, without early leave', () => {
    const s = shift(1, '2026-11-30', '09:00', '18:00');
    const r = record(1, at('2026-11-30', '09:00'), null, [[at('2026-11-30', '11:30'), null]]);
    const { rows } = report([s], [r]);
    expect(rows[0]).to.include({ open: true, workedMin: 150, breakMin: 30, earlyLeaveMin: 0, checkOut: null });
  });
  it('shows a day worked without a shift on its local date', () => {
    const r = record(1, at('2026-11-28', '00:30'), at('2026-11-28', '03:00'));
    const { rows } = report([], [r]);
    expect(rows[0]).to.include({ date: '2026-11-28', shiftId: null, workedMin: 150, lateMin: 0, absent: false });
  });
  it('groups by the company zone: the same record is another date in New York', () => {
    const r = record(1, new Date('2026-11-25T16:00:00Z'), new Date('2026-11-25T18:00:00Z'));
    expect(buildReport({ shifts: [], records: [r], timeZone: TOKYO, now }).rows[0]!.date).to.equal('2026-11-26');
    expect(buildReport({ shifts: [], records: [r], timeZone: 'America/New_York', now }).rows[0]!.date).to.equal(
      '2026-11-25',
    );
  });
  it('keeps only rows in the range', () => {
    const rows = report([shift(1, '2026-11-20', '09:00', '18:00'), shift(2, '2026-11-27', '09:00', '18:00')], [], {
      from: '2026-11-21',
      to: '2026-11-30',
    }).rows;
    expect(rows.map((r) => r.shiftId)).to.deep.equal([2]);
  });
});

describe('attendance: date ranges', () => {
  it('ends 1 week, 2 weeks and 1 month today', () => {
    expect(resolveRange('1w', '2026-11-25')).to.deep.equal({ ok: true, from: '2026-11-19', to: '2026-11-25' });
    expect(resolveRange('2w', '2026-11-25')).to.deep.equal({ ok: true, from: '2026-11-12', to: '2026-11-25' });
    expect(resolveRange('1m', '2026-11-25')).to.deep.equal({ ok: true, from: '2026-10-26', to: '2026-11-25' });
    expect(resolveRange('1m', '2026-03-31')).to.deep.equal({ ok: true, from: '2026-03-01', to: '2026-03-31' });
    expect(resolveRange('all', '2026-11-25')).to.deep.equal({ ok: true });
  });
  it('checks a custom range with a message for each problem', () => {
    const msg = (from?: string, to?: string) => {
      const r = resolveRange('custom', '2026-11-25', from, to);
      return r.ok ? 'ok' : `${r.field}:${r.message}`;
    };
    expect(msg('2026-11-01', '2026-11-30')).to.equal('ok');
    expect(msg(undefined, '2026-11-30')).to.equal('from:attendance.validation.startRequired');
    expect(msg('2026-13-01', '2026-11-30')).to.equal('from:attendance.validation.invalidDate');
    expect(msg('2026-11-01')).to.equal('to:attendance.validation.endRequired');
    expect(msg('2026-11-01', 'tomorrow')).to.equal('to:attendance.validation.invalidDate');
    expect(msg('2026-11-30', '2026-11-01')).to.equal('to:attendance.validation.rangeEndBeforeStart');
    expect(msg('2025-01-01', '2026-11-01')).to.equal('to:attendance.validation.rangeTooLong');
  });
  it('knows the bounds of a month', () => {
    expect(monthBounds('2026-02')).to.deep.equal({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthBounds('2026-12')).to.deep.equal({ from: '2026-12-01', to: '2026-12-31' });
  });
});
