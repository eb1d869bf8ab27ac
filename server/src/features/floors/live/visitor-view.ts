import type { FloorUserDto } from '@tsudoi/common';
import type { IoServer } from '../../../realtime/types';
import { visitorRoomChannel, visitorSelfChannel, visitorsChannel } from './channels';

/**
 * What a booked visitor sees of the floor (issue 25 §1, §3, §4): themselves,
 * and the people of the room they are in — never anyone in the lobby (the
 * entrance, where they wait alone until let in) and never the rest of the
 * floor. Every visitor socket is in `visitorsChannel` (skipped by whatever
 * goes to the whole floor), in its own channel, and, outside the lobby, in
 * the channel of its room; presence reaches them through those (tellVisitors).
 */

/** The entrance (room number 1): where visitors arrive and wait. */
export const LOBBY_NUMBER = 1;

/** The floor's people as a visitor in `roomId` sees them (`lobby`: that room is the lobby). */
export function visibleToVisitor(
  people: readonly FloorUserDto[],
  userId: number,
  roomId: number | null,
  lobby: boolean,
): FloorUserDto[] {
  return people.filter((p) => p.userId === userId || (!lobby && roomId !== null && p.roomId === roomId));
}

/** A change of one person in a presence batch, and whether that person is a visitor. */
export interface ViewChange {
  user: FloorUserDto;
  visitor: boolean;
}

/**
 * A presence batch as the visitors of a floor get it: everyone who changed
 * inside a room goes whole to the visitors of that room, and as gone to every
 * other visitor (a visitor's own change also goes to themselves); people who
 * left the floor go as gone to all. Nothing is sent for a floor without
 * visitors (the caller asks the visits feature first).
 */
export function tellVisitors(io: IoServer, floorId: number, changes: readonly ViewChange[], left: readonly number[]) {
  const byRoom = new Map<number, ViewChange[]>();
  for (const change of changes) {
    const list = byRoom.get(change.user.roomId);
    if (list) list.push(change);
    else byRoom.set(change.user.roomId, [change]);
  }
  for (const [roomId, list] of byRoom) {
    io.to(visitorRoomChannel(floorId, roomId)).emit('floor:usersChanged', {
      floorId,
      users: list.map((c) => c.user),
      left: [],
    });
    const selves = list.filter((c) => c.visitor).map((c) => visitorSelfChannel(floorId, c.user.userId));
    io.to(visitorsChannel(floorId))
      .except([visitorRoomChannel(floorId, roomId), ...selves])
      .emit('floor:usersChanged', { floorId, users: [], left: list.map((c) => c.user.userId) });
    // a visitor's own change reaches them wherever they are (in the lobby no room channel has them)
    for (const c of list)
      if (c.visitor)
        io.to(visitorSelfChannel(floorId, c.user.userId))
          .except(visitorRoomChannel(floorId, roomId))
          .emit('floor:usersChanged', { floorId, users: [c.user], left: [] });
  }
  if (left.length > 0)
    io.to(visitorsChannel(floorId)).emit('floor:usersChanged', { floorId, users: [], left: [...left] });
}
