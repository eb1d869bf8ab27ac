import { expect } from 'chai';
import { countdown, formatJapanDateTime, formatJapanRange, japanTime, toJapanInput } from './time';

describe('floors: Japan time', () => {
  it('writes a moment as a Japan-time input value whatever the zone of the device', () => {
    expect(toJapanInput(new Date('2026-12-01T01:00:00Z'))).to.equal('2026-12-01T10:00');
    // 15:30 UTC is already the next day in Japan.
    expect(toJapanInput(new Date('2026-12-31T15:30:00Z'))).to.equal('2027-01-01T00:30');
  });

  it('reads server times and input values as the same moment', () => {
    expect(japanTime('2026-12-01T10:00:00+09:00')?.toISOString()).to.equal('2026-12-01T01:00:00.000Z');
    expect(japanTime('2026-12-01T10:00')?.toISOString()).to.equal('2026-12-01T01:00:00.000Z');
    expect(japanTime('')).to.equal(null);
    expect(japanTime('2026-02-30T10:00')).to.equal(null);
  });

  it('formats in Japan time in both languages', () => {
    const date = new Date('2026-12-01T01:05:00Z');
    expect(formatJapanDateTime(date, 'ja')).to.equal('2026年12月1日(火) 10:05');
    expect(formatJapanDateTime(date, 'en')).to.equal('Tue, Dec 1, 2026 10:05');
  });

  it('leaves the end date out of a same-day range and keeps it otherwise', () => {
    expect(formatJapanRange('2026-12-01T10:00:00+09:00', '2026-12-01T12:30:00+09:00', 'ja')).to.equal(
      '2026年12月1日(火) 10:00 〜 12:30',
    );
    expect(formatJapanRange('2026-12-01T23:00:00+09:00', '2026-12-02T01:00:00+09:00', 'en')).to.equal(
      'Tue, Dec 1, 2026 23:00 – Wed, Dec 2, 2026 01:00',
    );
    expect(formatJapanRange(null, null, 'ja')).to.equal(null);
  });

  it('counts down to the start and stops at zero', () => {
    const target = new Date('2026-12-01T01:00:00Z');
    const now = new Date(target.getTime() - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000);
    expect(countdown(target, now)).to.deep.equal({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdown(target, new Date(target.getTime() + 5000))).to.deep.equal({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });
});
