import { expect } from 'chai';
import { mapBookingDraft } from './book-from-map';

const at = (japanTime: string) => new Date(`${japanTime}+09:00`);

describe('appointments: booking a room from the floor map', () => {
  it('proposes the next whole hour today in Japan, for an hour, in the room clicked', () => {
    expect(mapBookingDraft(18, at('2026-12-01T13:20:00'))).to.include({
      roomId: 18,
      date: '2026-12-01',
      start: '14:00',
      end: '15:00',
      id: null,
    });
  });

  it('proposes 09:00 before the working day, and tomorrow 09:00 late in the evening', () => {
    expect(mapBookingDraft(20, at('2026-12-01T05:10:00'))).to.include({ date: '2026-12-01', start: '09:00' });
    expect(mapBookingDraft(20, at('2026-12-01T22:30:00'))).to.include({ date: '2026-12-02', start: '09:00' });
    expect(mapBookingDraft(20, at('2026-12-31T23:59:00'))).to.include({ date: '2027-01-01', end: '10:00' });
  });
});
