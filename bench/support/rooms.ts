import type { FloorInitialData } from '@tsudoi/common';

/** Rooms that need a permission or a booking to enter (a member moving at random is refused there). */
const GUARDED = ['MEETING_ROOM', 'RECEPTION_ROOM', 'SPEECH'];

/** The rooms a bench member moves between: more than one seat, open to every member. */
export const movableRooms = (rooms: FloorInitialData['rooms']): number[] =>
  rooms.filter((r) => r.seat > 1 && !GUARDED.includes(r.type ?? '')).map((r) => r.id);
