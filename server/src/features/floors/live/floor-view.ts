import type { FloorUserDto } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { FloorEngine } from './engine/floor-engine';
import { isConnected as hasSockets, type Person } from './engine/floor-state';
import { roomOf, roomsOf } from './floor-session';
import type { RoomMeta } from './live-cache';
import { connectedUsers, toFloorUserDto, type LiveContext } from './live-context';
import { LOBBY_NUMBER, visibleToVisitor } from './visitor-view';
import { floorChannel, visitorsChannel, visitorRoomChannel, visitorSelfChannel } from './channels';
import { hiddenChannel } from './channels';

/**
 * floor:setView — the floor went off screen in this window (no presence
 * batches for it from now on) or came back (it gets the whole floor at once,
 * `full: true`, and the batches again).
 */
export async function setView(ctx: LiveContext, socket: IoSocket, floorId: number, visible: boolean): Promise<null> {
  if (socket.data.floorId !== floorId || !socket.rooms.has(floorChannel(floorId)))
    throw new AppError('FLOOR_NOT_JOINED');
  const hidden = hiddenChannel(floorId);
  if (!visible) {
    await socket.join(hidden);
    return null;
  }
  if (!socket.rooms.has(hidden)) return null;
  if (socket.data.visitor) {
    void socket.leave(hidden);
    socket.emit('floor:usersChanged', {
      floorId,
      users: await visitorUsers(ctx, floorId, socket.data.userId!),
      left: [],
      full: true,
    });
    return null;
  }
  const users = await everyone(ctx, floorId);
  // no await between taking the state and being back on the batches: nothing falls between the two
  void socket.leave(hidden);
  socket.emit('floor:usersChanged', { floorId, users: users(), left: [], full: true });
  return null;
}

/** What a booked visitor sees of the floor's people now (visitor-view.ts): themselves and their room's people. */
export async function visitorUsers(ctx: LiveContext, floorId: number, userId: number): Promise<FloorUserDto[]> {
  const users = (await everyone(ctx, floorId))();
  const me = users.find((u) => u.userId === userId);
  if (!me) return [];
  const room = await roomOf(ctx, floorId, me.roomId);
  return visibleToVisitor(users, userId, me.roomId, room.number === LOBBY_NUMBER);
}

/**
 * A booked visitor's place changed (a move of theirs, or a host brought them):
 * their sockets follow into their room's channel (none in the lobby), and
 * they get their view whole (who is in the room they are in now).
 */
export async function followVisitor(
  ctx: LiveContext,
  floorId: number,
  userId: number,
  room: Pick<RoomMeta, 'id' | 'number'>,
): Promise<void> {
  const io = ctx.io();
  const self = io.in(visitorSelfChannel(floorId, userId));
  const rooms = await roomsOf(ctx, floorId);
  self.socketsLeave([...rooms.keys()].map((id) => visitorRoomChannel(floorId, id)));
  if (room.number !== LOBBY_NUMBER) self.socketsJoin(visitorRoomChannel(floorId, room.id));
  const users = await visitorUsers(ctx, floorId, userId);
  io.to(visitorSelfChannel(floorId, userId)).emit('floor:usersChanged', { floorId, users, left: [], full: true });
}

/**
 * Everyone on a floor, as a function that builds the list from the state of
 * the moment it is called (the names are read first).
 */
async function everyone(ctx: LiveContext, floorId: number): Promise<() => FloorUserDto[]> {
  if (!(ctx.engine instanceof FloorEngine)) {
    // several processes: the owner's people (a copy), connected on any process
    const [people, connected] = await Promise.all([ctx.engine.people(floorId), connectedUsers(ctx, floorId)]);
    const names = await namesOf(
      ctx,
      people.map((p) => p.userId),
    );
    return () => people.map((p) => dtoOf(p, names.get(p.userId)!, connected.has(p.userId)));
  }
  const engine = ctx.engine;
  let names = await namesOf(ctx, [...(await engine.stateOf(floorId)).people.keys()]);
  const missing = () => [...(engine.peek(floorId)?.people.keys() ?? [])].filter((id) => !names.has(id));
  // someone who arrived while the names were read
  while (missing().length > 0) names = new Map([...names, ...(await namesOf(ctx, missing()))]);
  return () =>
    [...(engine.peek(floorId)?.people.values() ?? [])].map((p) =>
      dtoOf(p, names.get(p.userId) ?? { name: '', avatarImageUrl: null }, hasSockets(p)),
    );
}

const dtoOf = (p: Person, name: { name: string; avatarImageUrl: string | null }, connected: boolean) =>
  toFloorUserDto(
    { userId: p.userId, roomId: p.roomId, seat: p.seat, participantType: p.participantType, activeStatus: p.status },
    name,
    connected,
  );

async function namesOf(ctx: LiveContext, ids: number[]) {
  const people = await ctx.models.User.findAll({
    where: { id: ids },
    attributes: ['id', 'name', 'avatarImageUrl'],
    paranoid: false,
  });
  const found = new Map(people.map((p) => [p.id, { name: p.name, avatarImageUrl: p.avatarImageUrl ?? null }]));
  for (const id of ids) if (!found.has(id)) found.set(id, { name: '', avatarImageUrl: null });
  return found;
}

/**
 * The whole floor to every socket on it that shows it, on every process: a
 * process took the floor over from one that died, and rebuilt it from the
 * database (clients replace what they had, `full: true`).
 */
export async function sendSnapshot(ctx: LiveContext, floorId: number): Promise<void> {
  const users = await everyone(ctx, floorId);
  ctx
    .io()
    .to(floorChannel(floorId))
    .except([hiddenChannel(floorId), visitorsChannel(floorId)])
    .emit('floor:usersChanged', { floorId, users: users(), left: [], full: true });
  const visitors = new Set((await ctx.io().in(visitorsChannel(floorId)).fetchSockets()).map((s) => s.data.userId));
  for (const userId of visitors)
    if (userId !== undefined)
      ctx
        .io()
        .to(visitorSelfChannel(floorId, userId))
        .emit('floor:usersChanged', {
          floorId,
          users: await visitorUsers(ctx, floorId, userId),
          left: [],
          full: true,
        });
}
