import { Op } from 'sequelize';
import type { ChatClearResult, ChatConversationDto, Locale } from '@tsudoi/common';
import { chatUserChannel, type ChatContext } from './chat-context';
import type { User } from '../users/user.model';
import { accessTo, recipients, type ChatAccess } from './chat-access';
import type { ChatConversation, ChatMember } from './chat.models';
import { conversationDto } from './chat-dto';
import { chatPlainText } from './sanitize';
import { isInRoom, usersInRoom } from '../floors/live/engine/places';

/**
 * chat:clearRoomConversation { typeId: roomId } — the leave rule on request
 * (the server applies it by itself when someone leaves a room, see
 * chat-places.ts; this call is kept for clients that still send it). Still
 * in the room: nothing. Not a member: nothing to clear.
 */
export async function clearRoomConversation(ctx: ChatContext, user: User, roomId: number): Promise<ChatClearResult> {
  const { models } = ctx;
  const room = await models.FloorRoom.findByPk(roomId);
  const conversation = room && (await models.ChatConversation.findOne({ where: { key: `room:${room.id}` } }));
  if (!room || !conversation) return { conversationId: null, saved: false };
  const member = await models.ChatMember.findOne({ where: { conversationId: conversation.id, userId: user.id } });
  if (!member) return { conversationId: null, saved: false };
  if (await isInRoom(models, user.id, roomId)) return { conversationId: conversation.id, saved: false };
  return { conversationId: conversation.id, saved: await leaveRoomChat(ctx, conversation, member) };
}

/**
 * The leave rule (spec §4 "leaving a room saves a chat download if saveChat,
 * else clears the conversation"): with saveChat, and something
 * in it they could read, the leaver keeps a read-only copy up to now; otherwise
 * the chat is cleared for them (gone from their list; a return starts
 * afresh), and once nobody is in a room without saveChat its messages and
 * files go. Safe to run twice: a saved copy stays as it was. Answers whether
 * a copy was kept.
 */
export async function leaveRoomChat(
  ctx: ChatContext,
  conversation: ChatConversation,
  member: Pick<ChatMember, 'id' | 'userId' | 'clearedUntilId' | 'savedUntilId'>,
) {
  const { models } = ctx;
  if (member.savedUntilId != null) return true;
  const roomId = conversation.typeId!;
  const room = await models.FloorRoom.findByPk(roomId);
  const last = (await models.ChatMessage.max('id', { where: { conversationId: conversation.id } })) as number | null;
  if (room?.saveChat && last !== null && last > member.clearedUntilId) {
    const [kept] = await models.ChatMember.update(
      { savedUntilId: last },
      { where: { id: member.id, savedUntilId: null } },
    );
    await ctx.memberVersions.bump(conversation.floorId);
    if (kept) await announce(ctx, conversation, [member.userId]);
    return true;
  }
  const destroyed = await models.ChatMember.destroy({ where: { id: member.id } });
  await ctx.memberVersions.bump(conversation.floorId);
  if (destroyed > 0) {
    const cleared = { conversationId: conversation.id, typeId: roomId, scope: 'room' as const };
    ctx.io()?.to(chatUserChannel(member.userId)).emit('chat:conversationCleared', cleared);
  }
  if (last !== null && !room?.saveChat && (await usersInRoom(models, roomId)).length === 0)
    await emptyRoom(ctx, conversation.id);
  return false;
}

/** The room is empty and its chat is not saved: messages and files are deleted (saved copies stay). */
async function emptyRoom(ctx: ChatContext, conversationId: number) {
  const { models } = ctx;
  const saved = (await models.ChatMember.max('savedUntilId', { where: { conversationId } })) as number | null;
  const doomed = { conversationId, ...(saved ? { id: { [Op.gt]: saved } } : {}) };
  const files = await models.ChatMessage.findAll({
    where: { ...doomed, uploadId: { [Op.ne]: null } },
    attributes: ['uploadId'],
  });
  await models.ChatMessage.destroy({ where: doomed });
  for (const f of files) await ctx.files.remove(f.uploadId);
  const sent = files.map((f) => f.uploadId).filter((id): id is string => id !== null);
  if (sent.length) await models.ChatUpload.destroy({ where: { id: sent } });
  const uploads = await models.ChatUpload.findAll({ where: { conversationId, messageId: null } });
  for (const u of uploads) await ctx.files.remove(u.id);
  await models.ChatUpload.destroy({ where: { conversationId, messageId: null } });
}

/** The caller's conversations, newest activity first (scoped to one floor when asked). */
export async function history(
  ctx: ChatContext,
  user: User,
  locale: Locale,
  floorId?: number,
): Promise<ChatConversationDto[]> {
  const { models } = ctx;
  const members = await models.ChatMember.findAll({ where: { userId: user.id } });
  const conversations = await models.ChatConversation.findAll({
    where: { id: members.map((m) => m.conversationId), ...(floorId ? { floorId } : {}) },
  });
  const answers: ChatConversationDto[] = [];
  for (const c of conversations) {
    const granted = await accessTo(ctx, user, c).catch(() => null);
    if (granted) answers.push(await conversationDto(ctx, user, granted, locale));
  }
  return answers.sort((a, b) => (b.lastMessageStamp ?? 0) - (a.lastMessageStamp ?? 0) || b.id - a.id);
}

/** The chat as a UTF-8 text file: "[time] name: text" per line (files by name, unsent ones left out). */
export async function transcript(
  ctx: ChatContext,
  rows: {
    id: number;
    userId: number;
    type: string;
    content: string;
    uploadId: string | null;
    unsentAt: Date | null;
    createdAt: Date;
  }[],
) {
  const users = new Map(
    (await ctx.models.User.findAll({ where: { id: [...new Set(rows.map((r) => r.userId))] } })).map((u) => [
      u.id,
      u.name,
    ]),
  );
  const uploads = new Map(
    (
      await ctx.models.ChatUpload.findAll({
        where: { id: rows.map((r) => r.uploadId).filter((x): x is string => !!x) },
      })
    ).map((u) => [u.id, u.name]),
  );
  return (
    rows
      .filter((r) => !r.unsentAt)
      .map(
        (r) =>
          `[${r.createdAt.toISOString()}] ${users.get(r.userId) ?? ''}: ${r.type === 'text' ? chatPlainText(r.content) : `(${r.type}) ${uploads.get(r.uploadId ?? '') ?? ''}`}`,
      )
      .join('\n') + '\n'
  );
}

/**
 * chat:conversationUpdated to each of `userIds` (default: every recipient
 * but `except`), as each of them sees the conversation: a private or guest
 * conversation someone else started appears in their list; a saved room
 * chat turns read-only.
 */
export async function announce(ctx: ChatContext, conversation: ChatConversation, userIds?: number[], except?: number) {
  if (!ctx.io()) return;
  const ids = (userIds ?? (await recipients(ctx, conversation))).filter((id) => id !== except);
  for (const user of await ctx.models.User.findAll({ where: { id: [...new Set(ids)] } })) {
    const granted = await accessTo(ctx, user, conversation).catch(() => null);
    if (granted) await tell(ctx, user, granted);
  }
}

/** chat:conversationUpdated to one user whose access is known: the conversation as they see it. */
export async function tell(ctx: ChatContext, user: User, granted: ChatAccess) {
  const io = ctx.io();
  if (!io) return;
  const dto = await conversationDto(ctx, user, granted, user.locale ?? 'ja');
  io.to(chatUserChannel(user.id)).emit('chat:conversationUpdated', dto);
}
