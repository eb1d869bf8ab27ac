import { errorMessageId, formatMessage, type ErrorCode, type Locale, type MessageId } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import type { Floor } from '../floor.model';
import type { LiveFloors } from './engine/live-floors';
import { onFloor } from './floor-session';
import { logPresence, type LiveContext } from './live-context';
import { floorChannel, userChannel, isVisitorChannel } from './channels';

type Notice = (locale: Locale, socket: { emit: IoSocket['emit'] }) => void;

/**
 * Takes a user off a floor: their place goes, each of their sockets is told
 * (`notice`, in its own language) and leaves the floor's channels on every
 * server process, the participant log gets a leave when they were
 * connected, and the floor sees them in the next presence batch.
 */
export function removeUser(ctx: LiveContext, floor: Floor, userId: number, notice?: Notice): Promise<void> {
  return ctx.queue.run(userChannel(floor.id, userId), () => remove(ctx, floor, userId, notice));
}

async function remove(ctx: LiveContext, floor: Floor, userId: number, notice?: Notice): Promise<void> {
  const row = await removeInMemory(ctx.engine, floor.id, userId);
  if (!row) return;
  const channel = userChannel(floor.id, userId);
  const sockets = await ctx.io().in(channel).fetchSockets();
  if (notice) for (const s of sockets) notice(s.data.locale, s);
  ctx
    .io()
    .in(channel)
    .socketsLeave([floorChannel(floor.id), channel]);
  for (const s of sockets) for (const c of s.rooms) if (isVisitorChannel(floor.id, c)) s.leave(c);
  if (sockets.length > 0) await logPresence(ctx, floor, userId, 'leave', row.roomId);
  await ctx.engine.flush(floor.id);
  await ctx.models.RoomInvitation.update(
    { status: 'cancelled' },
    { where: { floorId: floor.id, inviteeId: userId, status: 'pending' } },
  );
  ctx.presence.left(floor.id, userId);
}

/** The place goes from memory, and from the database before the removal is answered. */
async function removeInMemory(engine: LiveFloors, floorId: number, userId: number) {
  const person = await engine.placeOf(floorId, userId);
  if (!person) return null;
  await engine.apply(floorId, { type: 'remove', userId });
  await engine.flush(floorId);
  return person;
}

/** floor:leave — the user leaves the floor (every window of theirs with them). */
export async function leaveFloor(ctx: LiveContext, socket: IoSocket): Promise<null> {
  const { user, access } = await onFloor(ctx, socket);
  await removeUser(ctx, access.floor, user.id);
  return null;
}

/**
 * floor:kickOut and floor:dismissGuest — hosts and subhosts only (spec §6).
 * The host cannot be removed, nor can you remove yourself this way.
 * Dismissing a guest also ends their invitation to the floor, so they
 * cannot come back; a kicked-out user may join again.
 */
export async function kickOut(ctx: LiveContext, socket: IoSocket, targetId: number, dismiss: boolean) {
  const { user, access } = await onFloor(ctx, socket);
  const { floor } = access;
  if (!access.canManage) throw new AppError('FORBIDDEN');
  if (targetId === floor.hostId) throw new AppError('HOST_PARTICIPANT_FIXED');
  if (targetId === user.id) throw new AppError('BAD_REQUEST');
  const target = await ctx.engine.placeOf(floor.id, targetId);
  if (!target) throw new AppError('USER_NOT_ON_FLOOR');
  if (dismiss && target.participantType !== 'GUEST') throw new AppError('FORBIDDEN');
  const reason = dismiss ? 'dismissed' : 'kickedOut';
  const id: MessageId = dismiss ? 'floors.live.dismissed' : 'floors.live.kickedOut';
  const sockets = dismiss ? await ctx.io().in(userChannel(floor.id, targetId)).fetchSockets() : [];
  await removeUser(ctx, floor, targetId, (locale, s) =>
    s.emit('floor:kickedOut', { floorId: floor.id, reason, message: formatMessage(locale, id) }),
  );
  if (!dismiss) return null;
  // the invitation ends (the floor's chats and the guest's link with it: the participants' listeners)
  for (const dismissed of ctx.gates.guestDismissed) await dismissed(floor.id, targetId);
  // a guest session lives for this floor only: it closes at once, as every other revocation does (issue 25 §12)
  for (const s of sockets) if (s.data.guestFloorId === floor.id) s.disconnect(true);
  return null;
}

/**
 * Closes a floor that reached its end time: every socket on it gets
 * `floor:closed` with the PAST_FLOOR message and leaves its channels; every
 * place on the floor goes, with a leave in the log for the connected ones.
 */
export async function closeFloor(ctx: LiveContext, floor: Floor): Promise<void> {
  const code: ErrorCode = 'PAST_FLOOR';
  const sockets = await ctx.io().in(floorChannel(floor.id)).fetchSockets();
  for (const s of sockets)
    s.emit('floor:closed', { floorId: floor.id, code, message: formatMessage(s.data.locale, errorMessageId(code)) });
  const connected = new Set(sockets.map((s) => s.data.userId));
  // the floor's rows are changed here directly: what memory holds is written first, and forgotten
  await ctx.engine.unload(floor.id);
  for (const s of sockets) {
    s.leave(floorChannel(floor.id));
    if (s.data.userId) s.leave(userChannel(floor.id, s.data.userId));
    for (const c of s.rooms) if (isVisitorChannel(floor.id, c)) s.leave(c);
  }
  const rows = await ctx.models.FloorUser.findAll({ where: { floorId: floor.id } });
  for (const row of rows) {
    if ((await ctx.models.FloorUser.destroy({ where: { id: row.id } })) === 0) continue;
    if (connected.has(row.userId)) await logPresence(ctx, floor, row.userId, 'leave', row.roomId);
  }
  await ctx.models.RoomInvitation.update({ status: 'cancelled' }, { where: { floorId: floor.id, status: 'pending' } });
  ctx.presence.drop(floor.id);
}
