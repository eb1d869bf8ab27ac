import { expect } from 'chai';
import { describe, it } from 'mocha';
import { clockTime, dayKey, dayLabel, listStamp } from './chat-time';

// 2026-11-23 09:30 in Japan is 00:30 UTC.
const at = Date.UTC(2026, 10, 23, 0, 30);

describe('chat: times in Japan time', () => {
  it('takes the day and clock in Asia/Tokyo', () => {
    expect(dayKey(Date.UTC(2026, 10, 22, 15, 30))).to.equal('2026-11-23'); // 00:30 JST
    expect(clockTime(at, 'ja')).to.equal('09:30');
    expect(clockTime(at, 'en')).to.equal('09:30');
  });

  it('names today and yesterday, and dates otherwise', () => {
    expect(dayLabel(at, 'ja', at + 3_600_000)).to.equal('today');
    expect(dayLabel(at, 'en', at + 86_400_000)).to.equal('yesterday');
    expect(dayLabel(at, 'ja', at + 3 * 86_400_000)).to.equal('11月23日(月)');
    expect(dayLabel(at, 'en', at + 3 * 86_400_000)).to.equal('Mon, Nov 23');
    expect(dayLabel(at, 'en', at + 60 * 86_400_000)).to.equal('Mon, Nov 23, 2026');
  });

  it('shows the time for today in the list, else a short date', () => {
    expect(listStamp(at, 'ja', at + 60_000)).to.equal('09:30');
    expect(listStamp(at, 'ja', at + 2 * 86_400_000)).to.equal('11/23');
  });
});
