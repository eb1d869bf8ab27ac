import { ROOMS, roomDefinition, type Locale } from '@tsudoi/common';

/**
 * What a recording keeps as its room name (recordings.room_name): the name the
 * host gave the room when it has one (floor_rooms.name), so the recording keeps
 * the name it was made under; otherwise the room's key, shown in the reader's
 * language by `shownRoomName`.
 */
export const storedRoomName = (room: { number: number; name: string | null }): string =>
  room.name ?? roomDefinition(room.number)?.key ?? `room-${room.number}`;

/** A stored room name as a reader sees it: a room key in their language, a host's name as it is. */
export const shownRoomName = (stored: string, locale: Locale): string =>
  ROOMS.find((r) => r.key === stored)?.name[locale] ?? stored;
