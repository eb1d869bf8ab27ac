import { MAX_FLOOR_USERS, type FloorInitialData, type Locale, type ParticipantType } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import type { User } from '../../users/user.model';
import { mayEnterNow } from '../floor-entry';
import { viewFloor, type FloorAccess } from '../floor-access';
import { toFloorDto, toRoomDto } from '../floor.dto';
import { roomOf, socketUser } from './floor-session';
import { removeUser } from './floor-removal';
import { isVisitor } from '../outsider-policy';
import { LOBBY_NUMBER } from './visitor-view';
import { permissionsOf } from './room-permissions';
import { clientAddress } from '../../../http/trust-proxy';
import type { LiveFloors } from './engine/live-floors';
import {
  connectedUsers,
  isConnected,
  logPresence,
  toFloorUserDto,
  type LiveContext,
  type Profile,
} from './live-context';
import {
  isVisitorChannel,
  visitorRoomChannel,
  visitorSelfChannel,
  hiddenChannel,
  floorChannel,
  userChannel,
  visitorsChannel,
} from './channels';

const ENTRANCE = 1;

const typeOf = (user: User, access: FloorAccess): ParticipantType =>
  access.floor.hostId === user.id ? 'HOST' : (access.me?.type ?? 'EMPLOYEE');

/**
 * floor:joinOffice — auto join: a user who may see the floor (floor-access
 * rules) enters it at the entrance, or comes back to their room and seat.
 * A finished floor is PAST_FLOOR; an upcoming one is open to its host and
 * subhosts only (to set it up), anyone else gets FLOOR_NOT_STARTED.
 * A guest session joins its own floor only (any other reads as not found).
 * The floor password is asked on entry of everyone but hosts, subhosts and
 * guest sessions (join-guest asked it); someone already on the floor (back
 * after a reconnect) is not asked again.
 */
export async function joinFloor(
  ctx: LiveContext,
  socket: IoSocket,
  floorId: number,
  password?: string,
): Promise<FloorInitialData> {
  const guestFloorId = socket.data.guestFloorId;
  if (guestFloorId !== undefined && guestFloorId !== floorId) throw new AppError('FLOOR_NOT_FOUND');
  const user = await socketUser(ctx, socket);
  // the access rules (floor-access), read once per person and floor until something about it changes
  // (keyed by what the rule reads of the account too: one who left the team or lost their address misses it)
  const key = `${floorId}:${user.id}:${user.employmentCompanyId ?? '-'}:${user.type}:${user.verifiedAt ? 'v' : '-'}`;
  const seen = await ctx.joinAccess.through(key, floorId, () => viewFloor(ctx.models, user, floorId));
  const access = mayEnterNow(seen, ctx.clock.now());
  const visitor = isVisitor(access.me);
  if (guestFloorId !== undefined || visitor) for (const gate of ctx.gates.guestEntry) await gate(floorId, user.id);
  const { floor } = access;
  const placed = await ctx.engine.placeOf(floorId, user.id);
  if (!placed && !access.canManage && guestFloorId === undefined)
    await ctx.floorPasswords.check(
      floor,
      { participant: `user:${user.id}`, address: clientAddress(socket.request, ctx.trustProxy) },
      password,
    );
  const previous = socket.data.floorId;
  if (previous && previous !== floorId && socket.rooms.has(floorChannel(previous))) await socketLeftFloor(ctx, socket);

  const row = await enter(ctx, ctx.engine, socket.id, user, access);
  const wasConnected = await isConnected(ctx, floorId, user.id);
  await socket.join([floorChannel(floorId), userChannel(floorId, user.id)]);
  await socket.leave(hiddenChannel(floorId)); // a join shows the floor
  socket.data.floorId = floorId;
  socket.data.visitor = visitor;
  if (visitor) await joinVisitorChannels(ctx, socket, floorId, user.id, row.roomId);
  if (!wasConnected) await logPresence(ctx, floor, user.id, 'enter', row.roomId);
  // spec §4 invitation status: an invited account holder's first entry marks the invitation participated
  if (access.me?.status === 'pending') await access.me.update({ status: 'participated' });
  // the engine's join is answered once its place and log line are written
  await ctx.engine.flush(floorId);
  ctx.presence.changed(floorId, toFloorUserDto(row, user, true), true, visitor);
  if (guestFloorId !== undefined && !wasConnected)
    for (const arrived of ctx.gates.guestArrived)
      await arrived(floorId, user.id).catch((err: unknown) => ctx.logger.warn({ err, floorId }, 'arrival not told'));
  return initialData(ctx, user, access, socket.data.locale, guestFloorId !== undefined);
}

/** A visitor's socket: in the floor's visitor channel, its own, and its room's outside the lobby (visitor-view.ts). */
async function joinVisitorChannels(
  ctx: LiveContext,
  socket: IoSocket,
  floorId: number,
  userId: number,
  roomId: number,
) {
  const room = await roomOf(ctx, floorId, roomId);
  await socket.join([
    visitorsChannel(floorId),
    visitorSelfChannel(floorId, userId),
    ...(room.number === LOBBY_NUMBER ? [] : [visitorRoomChannel(floorId, roomId)]),
  ]);
}

/**
 * The engine's entry: a socket of someone already placed joins them; anyone
 * else gets the entrance's first free seat, in memory (written with the join).
 * The cap counts the people there (MAX_FLOOR_USERS connected); when the
 * entrance's seats are all kept by people who closed their window, the one
 * of them who sits first gives theirs up (their place goes, as a leave would
 * take it) so a newcomer is never kept out by an empty chair.
 */
async function enter(ctx: LiveContext, engine: LiveFloors, socketId: string, user: User, access: FloorAccess) {
  const { floor } = access;
  const census = await engine.census(floor.id, user.id);
  let room = { id: 0, seat: 0 };
  if (!census.placed) {
    const entrance = await ctx.models.FloorRoom.findOne({
      where: { floorId: floor.id, number: ENTRANCE },
      attributes: ['id', 'seat'],
    });
    if (!entrance) throw new AppError('ROOM_NOT_FOUND');
    room = { id: entrance.id, seat: entrance.seat };
  }
  const command = {
    type: 'enter' as const,
    userId: user.id,
    socketId,
    participantType: typeOf(user, access),
    room,
    // the cap counts who is there: a place kept by someone who closed the window does not hold one of them
    limit: MAX_FLOOR_USERS,
  };
  let outcome = await engine.apply(floor.id, command);
  if (outcome.error === 'ROOM_FULL' && !census.placed) {
    const chair = (await engine.people(floor.id)).find((p) => p.roomId === room.id && p.sockets.length === 0);
    if (chair) {
      await removeUser(ctx, floor, chair.userId);
      outcome = await engine.apply(floor.id, command);
    }
  }
  if (outcome.error === 'FLOOR_FULL') throw new AppError('FLOOR_FULL', { values: { limit: MAX_FLOOR_USERS } });
  if (outcome.error) throw new AppError(outcome.error);
  const { roomId, seat, participantType, status } = outcome.person!;
  return { userId: user.id, roomId, seat, participantType, activeStatus: status };
}

async function initialData(ctx: LiveContext, user: User, access: FloorAccess, locale: Locale, isGuest: boolean) {
  const { floor } = access;
  const [rooms, rows, connected, participants] = await Promise.all([
    ctx.roomRows.through(floor.id, floor.id, () =>
      ctx.models.FloorRoom.findAll({ where: { floorId: floor.id }, order: [['number', 'ASC']] }),
    ),
    placesInMemory(ctx.engine, floor.id),
    connectedUsers(ctx, floor.id),
    ctx.participantCounts.through(floor.id, floor.id, () =>
      ctx.models.FloorParticipant.count({ where: { floorId: floor.id } }),
    ),
  ]);
  const visitor = isVisitor(access.me);
  const mine = rows.find((r) => r.userId === user.id);
  const lobby = rooms.find((r) => r.id === mine?.roomId)?.number === LOBBY_NUMBER;
  // a booked visitor sees themselves and the people of their room, never the lobby's or the rest of the floor
  const seen = visitor ? rows.filter((r) => r.userId === user.id || (!lobby && r.roomId === mine?.roomId)) : rows;
  const byId = await profilesOf(
    ctx,
    floor.id,
    seen.map((r) => r.userId),
  );
  const seesPasswords = (lockedBy: number | null) => access.canManage || lockedBy === user.id;
  return {
    floor: toFloorDto(floor, participants, access.canManage, ctx.clock.now()),
    rooms: rooms.map((room) => toRoomDto(room, locale, seesPasswords(room.lockedBy))),
    users: seen.map((r) =>
      toFloorUserDto(r, byId.get(r.userId) ?? { name: '', avatarImageUrl: null }, connected.has(r.userId)),
    ),
    me: {
      userId: user.id,
      participantId: access.me?.id ?? null,
      participantType: typeOf(user, access),
      permissions: permissionsOf(access),
      isHost: floor.hostId === user.id,
      canManage: access.canManage,
      isGuest,
      isVisitor: visitor,
    },
  } satisfies FloorInitialData;
}

/**
 * The names and pictures of people on a floor: read once per floor and kept (ctx.profiles), so a thousand
 * joins after a restart read each person once, not everyone on the floor each time. A profile change drops
 * the floor's (live-invalidation 'access'), as the cache's lifetime does.
 */
async function profilesOf(ctx: LiveContext, floorId: number, userIds: number[]): Promise<Map<number, Profile>> {
  const epoch = ctx.profiles.epoch(floorId);
  const cached = ctx.profiles.get(floorId, floorId);
  const known = cached ?? new Map<number, Profile>();
  const missing = userIds.filter((id) => !known.has(id));
  if (missing.length === 0) return known;
  const rows = await ctx.models.User.findAll({
    where: { id: missing },
    attributes: ['id', 'name', 'avatarImageUrl'],
    paranoid: false,
    raw: true,
  });
  for (const row of rows) known.set(row.id, { name: row.name, avatarImageUrl: row.avatarImageUrl });
  // a new map is kept from now (a cached one grew in place and keeps its age: the lifetime still ends it)
  if (!cached) ctx.profiles.prime(floorId, floorId, known, epoch);
  return known;
}

/** Everyone's place on a floor from the engine, in the order they came. */
async function placesInMemory(engine: LiveFloors, floorId: number) {
  return (await engine.people(floorId)).map((p) => ({
    userId: p.userId,
    roomId: p.roomId,
    seat: p.seat,
    participantType: p.participantType,
    activeStatus: p.status,
  }));
}

/**
 * A socket left its floor (disconnected, or joined another floor). When it
 * was the user's last socket there, they stay in their room but show as
 * disconnected, and the participant log gets a leave.
 */
export async function socketLeftFloor(ctx: LiveContext, socket: IoSocket, floorId = socket.data.floorId) {
  const userId = socket.data.userId;
  socket.data.floorId = undefined;
  if (!floorId || !userId) return;
  const visitor = socket.data.visitor === true;
  socket.data.visitor = undefined;
  await Promise.all([
    socket.leave(floorChannel(floorId)),
    socket.leave(userChannel(floorId, userId)),
    socket.leave(hiddenChannel(floorId)),
    ...[...socket.rooms].filter((c) => isVisitorChannel(floorId, c)).map((c) => socket.leave(c)),
  ]);
  await ctx.engine.apply(floorId, { type: 'disconnect', socketId: socket.id });
  if (await isConnected(ctx, floorId, userId)) return;
  const row = await placeOnFloor(ctx.engine, floorId, userId);
  const floor = await ctx.models.Floor.findByPk(floorId, { paranoid: false });
  const user = await ctx.models.User.findByPk(userId, { paranoid: false });
  if (!row || !floor || !user) return;
  await logPresence(ctx, floor, userId, 'leave', row.roomId);
  await ctx.engine.flush(floorId); // a leave is written at once
  ctx.presence.changed(floorId, toFloorUserDto(row, user, false), false, visitor);
}

async function placeOnFloor(engine: LiveFloors, floorId: number, userId: number) {
  const p = await engine.placeOf(floorId, userId);
  return p && { userId, roomId: p.roomId, seat: p.seat, participantType: p.participantType, activeStatus: p.status };
}
