import { expect } from 'chai';
import { hours, todayMinutes } from './format';

describe('attendance card figures', () => {
  const record = {
    checkInAt: '2026-11-30T00:00:00.000Z',
    checkOutAt: null,
    breaks: [{ start: '2026-11-30T03:00:00.000Z', end: '2026-11-30T03:45:00.000Z' }],
  };

  it('counts worked and break minutes of an open record at the time given', () => {
    const at = Date.parse('2026-11-30T05:30:30.000Z');
    expect(todayMinutes(record, at)).to.deep.equal({ breakMin: 45, workedMin: 285 });
    expect(todayMinutes(null, at)).to.deep.equal({ breakMin: 0, workedMin: 0 });
  });

  it('shows a break that began a moment after the page’s clock as no time yet, never "-1:-1"', () => {
    const started = { ...record, breaks: [...record.breaks, { start: '2026-11-30T06:00:05.000Z', end: null }] };
    const pageClock = Date.parse('2026-11-30T06:00:00.000Z'); // up to a tick behind the server's stamp
    const figures = todayMinutes(started, pageClock);
    expect(figures.breakMin).to.equal(45);
    expect(hours(figures.breakMin)).to.equal('0:45');
    expect(figures.workedMin).to.equal(315);
  });
});
