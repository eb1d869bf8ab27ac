import { toJapanTime } from '@tsudoi/common';
import { addDays, japanToday } from './calendar-time';
import { calendarRequested, editorOpened, type AppointmentDraft } from './slice';

const pad = (n: number) => String(n).padStart(2, '0');

/** A new booking of an hour from `hour`:00 on `date` (Japan), in `roomId` (null: chosen in the popup). */
export function newBookingDraft(roomId: number | null, date: string, hour: number): AppointmentDraft {
  return {
    id: null,
    roomId,
    title: '',
    date,
    start: `${pad(hour)}:00`,
    end: `${pad(hour + 1)}:00`,
    withGuest: false,
    guestName: '',
    guestEmail: '',
    guestTimeZone: '',
  };
}

/**
 * A new booking of `roomId` from the floor map, for an hour: the next whole
 * hour today in Japan (09:00 before the working day), or tomorrow at 09:00
 * late in the evening.
 */
export function mapBookingDraft(roomId: number, now = new Date()): AppointmentDraft {
  const hour = Number(toJapanTime(now).slice(11, 13)) + 1;
  const late = hour > 22;
  const start = late ? 9 : Math.max(hour, 9);
  return newBookingDraft(roomId, late ? addDays(japanToday(now), 1) : japanToday(now), start);
}

/** The actions that open the booking popup of a room of the floor, over the live page. */
export const bookFromMap = (floorId: number, roomId: number, now = new Date()) => {
  const draft = mapBookingDraft(roomId, now);
  return [calendarRequested({ floorId, view: 'day', anchor: draft.date }), editorOpened(draft)];
};
