import { expect } from 'chai';
import type { FloorDto } from '@tsudoi/common';
import { nextAppointments, todaysFloors } from './today';

const floor = (id: number, startAt: string | null) => ({ id, startAt }) as FloorDto;

describe('home: floors of today', () => {
  it('keeps ongoing, upcoming that start later today in Japan time, and permanent floors, once each', () => {
    // 2026-11-25 23:30 in Tokyo
    const now = new Date('2026-11-25T14:30:00Z');
    const result = todaysFloors(
      {
        ongoing: [floor(1, '2026-11-25T22:00:00+09:00')],
        upcoming: [floor(2, '2026-11-25T23:45:00+09:00'), floor(3, '2026-11-26T00:15:00+09:00')],
        permanent: [floor(4, null), floor(1, null)],
      },
      now,
    );
    expect(result.map((f) => f.id)).to.deep.equal([1, 2, 4]);
  });
});

describe('home: next appointments', () => {
  const at = (id: number, startAt: string, endAt: string) => ({ id, startAt, endAt });
  it('keeps those not over yet, soonest first, once each, at most five', () => {
    const now = new Date('2026-11-25T01:00:00Z'); // 10:00 in Tokyo
    const over = at(1, '2026-11-25T08:00:00+09:00', '2026-11-25T09:00:00+09:00');
    const running = at(2, '2026-11-25T09:30:00+09:00', '2026-11-25T10:30:00+09:00');
    const later = [3, 4, 5, 6, 7].map((id) => at(id, `2026-12-0${id}T11:00:00+09:00`, `2026-12-0${id}T12:00:00+09:00`));
    const result = nextAppointments(
      [
        [later[2]!, over, later[0]!],
        [running, later[0]!, later[4]!, later[1]!, later[3]!],
      ],
      now,
    );
    expect(result.map((a) => a.id)).to.deep.equal([2, 3, 4, 5, 6]);
  });
});
