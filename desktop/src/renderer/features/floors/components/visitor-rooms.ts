import type { FloorInitialData, VisitDto } from '@tsudoi/common';

/** The lobby: the entrance, where every visitor arrives and waits (server: floors/live/visitor-view.ts). */
export const LOBBY_NUMBER = 1;

/**
 * The rooms closed to me as a booked visitor (issue 25 §3), by id: every room
 * but the lobby, the room of my visit and the room I am in (a host may have
 * brought me there). None for anyone else, nor for a visitor who manages the
 * floor. The server refuses the move anyway (VISITOR_STAYS_IN_VISIT); the map
 * says so before a click.
 */
export function roomsClosedToMe(
  me: FloorInitialData['me'] | null,
  visit: Pick<VisitDto, 'roomId'> | null,
  rooms: readonly { id: number; number: number }[] | null | undefined,
  myRoomId: number | undefined,
): ReadonlySet<number> | undefined {
  if (!me?.isVisitor || me.canManage || !rooms) return undefined;
  const open = (room: { id: number; number: number }) =>
    room.number === LOBBY_NUMBER || room.id === visit?.roomId || room.id === myRoomId;
  return new Set(rooms.filter((room) => !open(room)).map((room) => room.id));
}
