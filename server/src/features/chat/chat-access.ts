import type { ChatJoin } from '@tsudoi/common';
import { CHAT_KINDS } from '@tsudoi/common';
import { GUEST_ACCOUNT } from '../floors/guests';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import { assertMayUseFloors, managesFloor, viewFloor } from '../floors/floor-access';
import type { ChatContext } from './chat-context';
import type { ChatConversation, ChatMember } from './chat.models';
import { enrol, findOrCreateConversation, type ConversationRow, type Newcomer } from './chat-enrol';
import { isInRoom, usersInRoom } from '../floors/live/engine/places';
import { isVisitor } from '../floors/outsider-policy';
import { LOBBY_NUMBER } from '../floors/live/visitor-view';

/** What a user may do in one conversation, and which messages they see. */
export interface ChatAccess {
  conversation: ChatConversation;
  member: ChatMember | null;
  /** Left a room whose chat is saved: read up to `savedUntilId`, no sending. */
  readOnly: boolean;
}

const notFound = () => new AppError('CHAT_CONVERSATION_NOT_FOUND');

/** A check that throws anything: read as "no such conversation" (nothing about the target leaks). */
async function must<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) throw notFound();
    throw error;
  }
}

/** In the room now; a booked visitor waiting in the lobby is in no room's chat (issue 25 §4: waiting is private). */
export async function inRoom(ctx: ChatContext, user: User, roomId: number) {
  return (await isInRoom(ctx.models, user.id, roomId)) && !(await waitingVisitor(ctx, user.id, roomId));
}

/** A booked visitor in their floor's lobby (the entrance). */
export async function waitingVisitor(ctx: Pick<ChatContext, 'models'>, userId: number, roomId: number) {
  const room = await ctx.models.FloorRoom.findByPk(roomId, { attributes: ['id', 'number', 'floorId'] });
  if (room?.number !== LOBBY_NUMBER) return false;
  return isVisitor(await ctx.models.FloorParticipant.findOne({ where: { floorId: room.floorId, userId } }));
}

/** A guest's participant row and whether `user` is that guest or manages the floor. */
async function guestConversationAllowed(ctx: ChatContext, user: User, participantId: number) {
  const participant = await ctx.models.FloorParticipant.findByPk(participantId);
  if (!participant || participant.type !== 'GUEST') throw notFound();
  if (participant.userId === user.id) return participant;
  const { floor, me } = await must(() => viewFloor(ctx.models, user, participant.floorId));
  if (!managesFloor(user, floor, me)) throw notFound();
  return participant;
}

/** Whether `user` may read (and, unless read-only, post in) the conversation. Throws CHAT_CONVERSATION_NOT_FOUND. */
export async function access(
  ctx: ChatContext,
  user: User,
  conversationId: number,
  options: AccessOptions = {},
): Promise<ChatAccess> {
  const conversation = await ctx.cache.conversation(conversationId);
  if (!conversation) throw notFound();
  return accessTo(ctx, user, conversation, options);
}

export interface AccessOptions {
  /** Read the caller's member row (read position, cleared and saved marks); a send does not need it. */
  member?: boolean;
}

export async function accessTo(
  ctx: ChatContext,
  user: User,
  conversation: ChatConversation,
  { member: wanted = true }: AccessOptions = {},
): Promise<ChatAccess> {
  // the floors' one rule: an account that has not confirmed its address reads no conversation
  await must(async () => assertMayUseFloors(user));
  const memberRow = () =>
    ctx.models.ChatMember.findOne({ where: { conversationId: conversation.id, userId: user.id } });
  const granted = async () => ({ conversation, member: wanted ? await memberRow() : null, readOnly: false });
  const typeId = conversation.typeId!;
  switch (conversation.scope) {
    case 'floor':
    case 'qa': {
      const { me } = await must(() => viewFloor(ctx.models, user, conversation.floorId!));
      // a booked visitor has the booked room's chat and their own with the host side, never the floor's
      if (isVisitor(me)) throw notFound();
      return granted();
    }
    case 'room': {
      if (await inRoom(ctx, user, typeId)) return granted();
      const member = await memberRow();
      if (member?.savedUntilId != null) return { conversation, member, readOnly: true };
      throw notFound();
    }
    case 'participant':
      await guestConversationAllowed(ctx, user, typeId);
      return granted();
    case 'private':
      if (!(await ctx.cache.pair(conversation.id)).includes(user.id)) throw notFound();
      return granted();
  }
}

interface Target extends ConversationRow {
  /** Members to enrol when the conversation is made (a private pair). */
  members: number[];
  /** How the caller joins when they are not a member yet. */
  newcomer: Newcomer;
}

const asOpened: Newcomer = { hideHistory: false, readUpToNow: false };

/** Two accounts can chat privately when they share a team, or can both see `floorId`. */
async function reachable(ctx: ChatContext, user: User, otherId: number, floorId: number | undefined) {
  const other = await ctx.models.User.findByPk(otherId);
  // guests talk with the floor's host side in their participant conversation, not 1:1
  const closed = (u: User) => u.type === 'admin' || u.type === GUEST_ACCOUNT;
  if (!other || other.id === user.id || closed(other) || closed(user)) throw new AppError('CHAT_USER_NOT_FOUND');
  if (user.employmentCompanyId != null && user.employmentCompanyId === other.employmentCompanyId) return other;
  if (floorId) {
    try {
      const [mine, theirs] = [await viewFloor(ctx.models, user, floorId), await viewFloor(ctx.models, other, floorId)];
      if (isVisitor(mine.me) || isVisitor(theirs.me)) throw new AppError('CHAT_USER_NOT_FOUND');
      return other;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw new AppError('CHAT_USER_NOT_FOUND');
}

/** A guest's participant conversation named by the guest's account on a floor (a host opening it from their card). */
async function guestOnFloor(ctx: ChatContext, user: User, floorId: number, guestUserId: number) {
  const row = await ctx.models.FloorParticipant.findOne({
    where: { floorId, userId: guestUserId, type: 'GUEST' },
    attributes: ['id'],
  });
  if (!row) throw notFound();
  return guestConversationAllowed(ctx, user, row.id);
}

/** Checks a join request and names the conversation it opens. */
async function targetOf(ctx: ChatContext, user: User, join: ChatJoin): Promise<Target> {
  await must(async () => assertMayUseFloors(user));
  const chat = CHAT_KINDS.chat;
  switch (join.scope) {
    case 'floor':
    case 'qa': {
      const { floor } = await must(() => viewFloor(ctx.models, user, join.floorId));
      const kind = join.scope === 'qa' ? CHAT_KINDS.qa : chat;
      const key = `${join.scope}:${floor.id}`;
      return { key, kind, scope: join.scope, floorId: floor.id, typeId: floor.id, members: [], newcomer: asOpened };
    }
    case 'room': {
      const room = await ctx.models.FloorRoom.findByPk(join.roomId);
      if (!room) throw notFound();
      return {
        key: `room:${room.id}`,
        kind: chat,
        scope: 'room',
        floorId: room.floorId,
        typeId: room.id,
        members: [],
        // without saveChat a newcomer sees what is said from now on (like sitting down at a table)
        newcomer: { hideHistory: !room.saveChat, readUpToNow: false },
      };
    }
    case 'participant':
    case 'guest': {
      const p =
        join.scope === 'participant'
          ? await guestConversationAllowed(ctx, user, join.participantId)
          : await guestOnFloor(ctx, user, join.floorId, join.userId);
      const kind = CHAT_KINDS.participant;
      const key = `participant:${p.id}`;
      return { key, kind, scope: 'participant', floorId: p.floorId, typeId: p.id, members: [], newcomer: asOpened };
    }
    case 'private': {
      const other = await reachable(ctx, user, join.userId, join.floorId);
      const [a, b] = [user.id, other.id].sort((x, y) => x - y);
      const key = `private:${a}:${b}`;
      return { key, kind: chat, scope: 'private', floorId: null, typeId: null, members: [a!, b!], newcomer: asOpened };
    }
  }
}

/**
 * Finds or makes the conversation a join names, enrols the caller, and
 * answers their access. A room's conversation is made and joined only by
 * someone in the room; from outside it opens only the saved copy of a room
 * one left (nothing is made or written for anyone else).
 */
export async function open(ctx: ChatContext, user: User, join: ChatJoin): Promise<ChatAccess & { created: boolean }> {
  const { members, newcomer, ...row } = await targetOf(ctx, user, join);
  if (row.scope === 'room' && !(await inRoom(ctx, user, row.typeId!))) {
    const existing = await ctx.models.ChatConversation.findOne({ where: { key: row.key } });
    if (!existing) throw notFound();
    return { ...(await accessTo(ctx, user, existing)), created: false };
  }
  const { conversation, created } = await findOrCreateConversation(ctx, row);
  // a private pair is enrolled together (reachability was checked above)
  for (const userId of members) await enrol(ctx, conversation.id, userId, asOpened);
  const granted = await accessTo(ctx, user, conversation);
  if (granted.readOnly) return { ...granted, created };
  const member = await enrol(ctx, conversation.id, user.id, newcomer);
  // back in a room whose chat was saved for them: a full member again
  if (member?.savedUntilId != null) {
    await member.update({ savedUntilId: null });
    await ctx.memberVersions.bump(conversation.floorId);
  }
  return { ...granted, member, created };
}

/** Every user who receives this conversation's events now. */
export async function recipients(ctx: ChatContext, conversation: ChatConversation): Promise<number[]> {
  const { models } = ctx;
  switch (conversation.scope) {
    case 'room':
      return usersInRoom(models, conversation.typeId!);
    case 'participant': {
      const guest = await models.FloorParticipant.findByPk(conversation.typeId!);
      const floor = guest && (await models.Floor.findByPk(guest.floorId));
      if (!guest || !floor) return [];
      const hosts = await models.FloorParticipant.findAll({
        where: { floorId: floor.id },
        attributes: ['userId', 'type', 'permissionSubhost'],
      });
      const side = hosts.filter((p) => p.type === 'HOST' || p.permissionSubhost).map((p) => p.userId);
      return [guest.userId, floor.hostId, ...side].filter((id): id is number => typeof id === 'number');
    }
    case 'private':
      return ctx.cache.pair(conversation.id);
    default:
      return (
        await models.ChatMember.findAll({ where: { conversationId: conversation.id }, attributes: ['userId'] })
      ).map((m) => m.userId);
  }
}
