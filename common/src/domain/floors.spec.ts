import { expect } from 'chai';
import { floorStatus, parseJapanTime, ROOMS, roomDefinition, toJapanTime } from './floors';

describe('floor domain: rooms, Japan time and status', () => {
  it('has 24 rooms numbered 1 to 24 with unique keys and the names of the spec', () => {
    expect(ROOMS.map((r) => r.number)).to.deep.equal(Array.from({ length: 24 }, (_v, i) => i + 1));
    expect(new Set(ROOMS.map((r) => r.key)).size).to.equal(24);
    expect(ROOMS.filter((r) => r.key.startsWith('table')).map((r) => r.number)).to.deep.equal([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    expect([3, 18, 20].map((n) => roomDefinition(n)!.key)).to.deep.equal(['breakRoom', 'meetingRoom1', 'guestLounge1']);
    expect(roomDefinition(25)).to.equal(undefined);
  });

  it('reads local times as Japan time (UTC+9) and rejects impossible dates', () => {
    expect(parseJapanTime('2026-12-31T23:30')!.toISOString()).to.equal('2026-12-31T14:30:00.000Z');
    expect(parseJapanTime('2027-01-01T00:15:59.999')!.toISOString()).to.equal('2026-12-31T15:15:00.000Z');
    expect(parseJapanTime('2026-06-01T10:00:00-05:00')!.toISOString()).to.equal('2026-06-01T15:00:00.000Z');
    for (const bad of [
      '2026-02-29T10:00',
      '2026-13-01T10:00',
      '2026-12-01T24:00',
      '2026-12-01T10:60',
      '2026-12-01',
      '',
    ]) {
      expect(parseJapanTime(bad), bad).to.equal(null);
    }
    expect(parseJapanTime('2028-02-29T10:00')).to.not.equal(null);
    expect(toJapanTime(new Date('2026-12-31T15:00:00Z'))).to.equal('2027-01-01T00:00:00+09:00');
  });

  it('derives the status with the end exclusive; a permanent floor is always running', () => {
    const start = new Date('2026-12-01T01:00:00Z');
    const end = new Date('2026-12-01T03:00:00Z');
    const at = (iso: string) => floorStatus(1, start, end, new Date(iso));
    expect(at('2026-12-01T00:59:59.999Z')).to.equal('upcoming');
    expect(at('2026-12-01T01:00:00Z')).to.equal('running');
    expect(at('2026-12-01T03:00:00Z')).to.equal('finished');
    expect(floorStatus(2, null, null, new Date(0))).to.equal('running');
  });
});
