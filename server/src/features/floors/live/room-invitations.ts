import { Op } from 'sequelize';
import { ROOM_INVITATION_TIMEOUT_MS, type RoomInvitationDto, type RoomInvitationOutcome } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { IoSocket } from '../../../realtime/types';
import { moveTo } from './floor-moves';
import { moverOf, onFloor } from './floor-session';
import { type LiveContext } from './live-context';
import type { RoomInvitation } from './live.models';
import { isVisitor } from '../outsider-policy';
import { userChannel } from './channels';

const toDto = (i: RoomInvitation): RoomInvitationDto => ({
  id: i.id,
  floorId: i.floorId,
  roomId: i.roomId,
  inviterId: i.inviterId,
  inviteeId: i.inviteeId,
  expiresAt: i.expiresAt.toISOString(),
});

/**
 * Ends a pending invitation with `outcome` (only once, even with several
 * server processes racing) and tells inviter and invitee to stop the ring.
 */
async function end(ctx: LiveContext, invitation: RoomInvitation, outcome: RoomInvitationOutcome): Promise<boolean> {
  const [changed] = await ctx.models.RoomInvitation.update(
    { status: outcome },
    { where: { id: invitation.id, status: 'pending' } },
  );
  if (changed === 0) return false;
  const { floorId, inviterId, inviteeId } = invitation;
  ctx
    .io()
    .to([userChannel(floorId, inviterId), userChannel(floorId, inviteeId)])
    .emit('floor:invitationEnded', { id: invitation.id, outcome });
  return true;
}

/**
 * floor:inviteToRoom — asks a user on the floor into a room: the inviter's
 * own room, or (hosts and subhosts) any room. It rings on the invitee's
 * sockets and cancels itself after 10000 ms (spec §9.1).
 */
export async function invite(ctx: LiveContext, socket: IoSocket, userId: number, roomId?: number) {
  const { floorId, user, row, access } = await onFloor(ctx, socket);
  if (userId === user.id) throw new AppError('BAD_REQUEST');
  // a booked visitor asks nobody in: they knock (two visitors meet only when a host puts them together)
  if (isVisitor(access.me)) throw new AppError('GUESTS_CANNOT_INVITE');
  const target = roomId ?? row.roomId;
  if (target !== row.roomId && !access.canManage) throw new AppError('FORBIDDEN');
  if (!(await ctx.models.FloorRoom.count({ where: { id: target, floorId } }))) throw new AppError('ROOM_NOT_FOUND');
  if (!(await ctx.engine.placeOf(floorId, userId))) throw new AppError('USER_NOT_ON_FLOOR');
  if (!access.canManage) await assertMayAskVisitor(ctx, floorId, user.id, userId);
  const invitation = await ctx.models.RoomInvitation.create({
    floorId,
    roomId: target,
    inviterId: user.id,
    inviteeId: userId,
    status: 'pending',
    expiresAt: new Date(ctx.clock.now().getTime() + ROOM_INVITATION_TIMEOUT_MS),
  });
  const dto = toDto(invitation);
  ctx.io().to(userChannel(floorId, userId)).emit('floor:invitationReceived', dto);
  return dto;
}

/**
 * A booked visitor is brought elsewhere by a host, a subhost or the author of
 * their running booking only (issue 25 §3); anyone else's invitation would
 * walk them out of the visit.
 */
async function assertMayAskVisitor(ctx: LiveContext, floorId: number, inviterId: number, userId: number) {
  const row = await ctx.models.FloorParticipant.findOne({ where: { floorId, userId } });
  if (!isVisitor(row)) return;
  const now = ctx.clock.now();
  const hosted = await ctx.models.Appointment.count({
    where: { participantId: row!.id, createdBy: inviterId, startAt: { [Op.lte]: now }, endAt: { [Op.gt]: now } },
  });
  if (hosted === 0) throw new AppError('FORBIDDEN');
}

async function pending(ctx: LiveContext, floorId: number, id: number, who: 'inviterId' | 'inviteeId', userId: number) {
  const invitation = await ctx.models.RoomInvitation.findOne({
    where: { id, floorId, [who]: userId, status: 'pending' },
  });
  if (!invitation) throw new AppError('ROOM_INVITATION_NOT_FOUND');
  if (invitation.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    await end(ctx, invitation, 'timedOut');
    throw new AppError('ROOM_INVITATION_NOT_FOUND');
  }
  return invitation;
}

/** floor:cancelInvite — the inviter takes it back. */
export async function cancelInvite(ctx: LiveContext, socket: IoSocket, id: number): Promise<null> {
  const { floorId, user } = await onFloor(ctx, socket);
  const invitation = await pending(ctx, floorId, id, 'inviterId', user.id);
  if (!(await end(ctx, invitation, 'cancelled'))) throw new AppError('ROOM_INVITATION_NOT_FOUND');
  return null;
}

/**
 * floor:answerInvite — the invitee accepts (and is moved into the room, no
 * password asked: the invitation is the key) or declines. Accepting one
 * declines every other invitation they have received (spec §4).
 */
export async function answerInvite(ctx: LiveContext, socket: IoSocket, id: number, isAccepted: boolean) {
  const me = await onFloor(ctx, socket);
  const invitation = await pending(ctx, me.floorId, id, 'inviteeId', me.user.id);
  if (!(await end(ctx, invitation, isAccepted ? 'accepted' : 'declined')))
    throw new AppError('ROOM_INVITATION_NOT_FOUND');
  if (!isAccepted) return null;
  const others = await ctx.models.RoomInvitation.findAll({
    where: { inviteeId: me.user.id, status: 'pending', id: { [Op.ne]: id } },
  });
  for (const other of others) await end(ctx, other, 'declined');
  return moveTo(ctx, null, moverOf(me), { roomId: invitation.roomId }, true);
}

/** Cancels every pending invitation whose 10000 ms have passed on the clock. */
export async function expireInvitations(ctx: LiveContext): Promise<number> {
  const due = await ctx.models.RoomInvitation.findAll({
    where: { status: 'pending', expiresAt: { [Op.lte]: ctx.clock.now() } },
  });
  let ended = 0;
  for (const invitation of due) if (await end(ctx, invitation, 'timedOut')) ended++;
  return ended;
}
