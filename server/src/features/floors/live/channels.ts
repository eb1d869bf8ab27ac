import type { IoServer } from '../../../realtime/types';

/**
 * The Socket.IO channels of the live floor, by name: a leaf every part of the
 * live floor imports (presence, views, visitors) without importing each other.
 */

/** Every socket on a floor is in its floor channel and in the channel of its user on that floor. */
export const floorChannel = (floorId: number) => `floor:${floorId}`;
export const userChannel = (floorId: number, userId: number) => `floor:${floorId}:user:${userId}`;

/**
 * The booked visitors' sockets of a floor (visitor-view.ts). What goes to the
 * whole floor skips them (`teamOf`); each sees only their own room. Not named
 * `floor:…` (leaving such a channel drops the socket's cached session).
 */
export const visitorsChannel = (floorId: number) => `visitors:${floorId}`;

/** What the floor's own people are told (presence, today's events, the stage, bookings): not its booked visitors. */
export const teamOf = (io: IoServer, floorId: number) => io.to(floorChannel(floorId)).except(visitorsChannel(floorId));

/**
 * The sockets of a floor whose window is hidden (minimised, another tab):
 * presence batches skip them. Not named `floor:…`, which would drop the
 * socket's cached session each time it is left (live-invalidation).
 */
export const hiddenChannel = (floorId: number) => `hidden-view:${floorId}`;

/** One visitor's own sockets on a floor. */
export const visitorSelfChannel = (floorId: number, userId: number) => `visitor:${floorId}:${userId}`;
/** The visitors in a room of a floor (none in the lobby). */
export const visitorRoomChannel = (floorId: number, roomId: number) => `visitor-room:${floorId}:${roomId}`;

/** The channels a visitor socket holds on a floor for its view (all of them go when it leaves the floor). */
export const isVisitorChannel = (floorId: number, channel: string) =>
  channel === visitorsChannel(floorId) ||
  channel.startsWith(`visitor:${floorId}:`) ||
  channel.startsWith(`visitor-room:${floorId}:`);
