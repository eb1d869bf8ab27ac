import { Op } from 'sequelize';
import type { ChatLastReadDto, ChatMessageDto, ChatMessagesPage, ChatSend, Locale } from '@tsudoi/common';
import { CHAT_PAGE_SIZE, formatMessage } from '@tsudoi/common';
import { GUEST_ACCOUNT } from '../floors/guests';
import { managesFloor } from '../floors/floor-access';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import { access, open, recipients, type ChatAccess } from './chat-access';
import { emitToUsers, type ChatContext } from './chat-context';
import { canSee, messageDtos, person, visibleTo } from './chat-dto';
import { chatPlainText, sanitizeChatHtml } from './sanitize';
import { usersInRoom } from '../floors/live/engine/places';

/** Spends one of the sender's messages (send and edit); over the limit is CHAT_RATE_LIMITED with the wait. */
async function spend(ctx: ChatContext, user: User) {
  try {
    await ctx.limiter.consume(String(user.id), 1);
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    const wait = (rejection as { msBeforeNext?: number }).msBeforeNext ?? 1000;
    throw new AppError('CHAT_RATE_LIMITED', { values: { retryAfterS: Math.max(1, Math.ceil(wait / 1000)) } });
  }
}

/** Sanitised text that still says something; else the §5 "empty after trimming" refusal on `content`. */
function cleanText(text: string, locale: Locale): string {
  const html = sanitizeChatHtml(text);
  if (!chatPlainText(html))
    throw new AppError('VALIDATION_FAILED', {
      fields: { content: formatMessage(locale, 'validation.chatTextRequired') },
    });
  return html;
}

/** A message the caller can see in its conversation, with their access. */
async function visibleMessage(ctx: ChatContext, user: User, messageId: number) {
  const message = await ctx.models.ChatMessage.findByPk(messageId);
  if (!message) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
  const granted = await access(ctx, user, message.conversationId).catch((error: unknown) => {
    throw error instanceof AppError ? new AppError('CHAT_MESSAGE_NOT_FOUND') : error;
  });
  if (!canSee(granted, message.id)) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
  return { message, granted };
}

export async function getMessages(
  ctx: ChatContext,
  user: User,
  granted: ChatAccess,
  before?: number,
): Promise<ChatMessagesPage> {
  const visible = visibleTo(granted);
  const rows = await ctx.models.ChatMessage.findAll({
    where: { conversationId: granted.conversation.id, id: before ? { ...visible, [Op.lt]: before } : visible },
    order: [['id', 'DESC']],
    limit: CHAT_PAGE_SIZE + 1,
  });
  const hasMore = rows.length > CHAT_PAGE_SIZE;
  const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  return { conversationId: granted.conversation.id, messages: await messageDtos(ctx, page), hasMore };
}

export async function sendMessage(
  ctx: ChatContext,
  user: User,
  input: ChatSend,
  locale: Locale,
): Promise<ChatMessageDto> {
  const { models } = ctx;
  const granted = await access(ctx, user, input.conversationId, { member: false });
  if (granted.readOnly) throw new AppError('CHAT_READ_ONLY');
  const { conversation } = granted;
  const content = 'content' in input ? cleanText(input.content, locale) : '';
  if (input.parentId) {
    const { message: parent } = await visibleMessage(ctx, user, input.parentId);
    if (parent.conversationId !== conversation.id) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
  }
  await spend(ctx, user);
  const upload = 'uploadId' in input ? await claimUpload(ctx, user, conversation.id, input.uploadId) : null;
  const now = ctx.clock.now();
  const row = {
    conversationId: conversation.id,
    userId: user.id,
    participantId: await guestParticipantId(ctx, user, conversation.floorId),
    type: upload?.kind ?? ('text' as const),
    content,
    uploadId: upload?.id ?? null,
    parentId: input.parentId ?? null,
    stamp: now.getTime(),
    clientMessageId: input.clientMessageId ?? null,
  };
  const written = await ctx.writer.write(row, now).catch(async (error: unknown) => {
    if (upload) await models.ChatUpload.update({ messageId: null }, { where: { id: upload.id } });
    throw error;
  });
  if (written.duplicate) {
    // a resend (its answer was lost): the stored message is the answer, nothing is stored twice, and
    // the event goes out again in case the first one never did (clients keep one message per id)
    if (upload) await models.ChatUpload.update({ messageId: null }, { where: { id: upload.id } });
    if (written.message.conversationId !== conversation.id) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const [again] = await messageDtos(ctx, [written.message], [user]);
    emitToUsers(ctx, await recipients(ctx, conversation), 'chat:messageCreated', again!);
    return again!;
  }
  if (upload) await models.ChatUpload.update({ messageId: written.message.id }, { where: { id: upload.id } });
  const [dto] = await messageDtos(ctx, [written.message], [user]);
  emitToUsers(ctx, await recipients(ctx, conversation), 'chat:messageCreated', dto!);
  return dto!;
}

/** Takes an upload for one message (messageId 0 until the message exists): a second send of it is refused. */
async function claimUpload(ctx: ChatContext, user: User, conversationId: number, uploadId: string) {
  const [claimed] = await ctx.models.ChatUpload.update(
    { messageId: 0 },
    { where: { id: uploadId, userId: user.id, conversationId, messageId: null } },
  );
  if (claimed !== 1) throw new AppError('CHAT_UPLOAD_NOT_FOUND');
  return (await ctx.models.ChatUpload.findByPk(uploadId))!;
}

/** A guest's participant row on the conversation's floor (shown with their messages). */
async function guestParticipantId(ctx: ChatContext, user: User, floorId: number | null) {
  if (user.type !== GUEST_ACCOUNT || !floorId) return null;
  const row = await ctx.models.FloorParticipant.findOne({
    where: { floorId, userId: user.id, type: 'GUEST' },
    attributes: ['id'],
  });
  return row?.id ?? null;
}

export async function editMessage(ctx: ChatContext, user: User, messageId: number, text: string, locale: Locale) {
  const { message, granted } = await visibleMessage(ctx, user, messageId);
  if (message.userId !== user.id) throw new AppError('CHAT_NOT_SENDER');
  if (message.unsentAt) throw new AppError('CHAT_MESSAGE_UNSENT');
  if (message.type !== 'text') throw new AppError('CHAT_NOT_EDITABLE');
  if (granted.readOnly) throw new AppError('CHAT_READ_ONLY');
  const content = cleanText(text, locale);
  await spend(ctx, user);
  await message.update({ content, editedAt: ctx.clock.now() });
  return updated(ctx, granted, message);
}

/**
 * chat:unsendMessage — the sender takes their message back; a host or subhost
 * of the floor may take anyone's message (and its file) out of the floor's
 * chats (issue 25 §5), which the audit log records with what it said.
 */
export async function unsendMessage(ctx: ChatContext, user: User, messageId: number) {
  const { message, granted } = await visibleMessage(ctx, user, messageId);
  const host = message.userId !== user.id ? await moderatorOf(ctx, user, granted.conversation.floorId) : null;
  if (message.userId !== user.id && !host) throw new AppError('CHAT_NOT_SENDER');
  if (message.unsentAt) throw new AppError('CHAT_MESSAGE_UNSENT');
  if (granted.readOnly && !host) throw new AppError('CHAT_READ_ONLY');
  const said = host ? await removedContent(ctx, message) : null;
  await message.update({ content: '', unsentAt: ctx.clock.now(), removedBy: host ? user.id : null });
  if (host)
    await ctx.audit.recordAction({
      actor: user,
      kind: 'host',
      companyId: host.companyId,
      action: 'chat.remove',
      targetType: 'chatMessage',
      targetId: message.id,
      before: { floorId: host.id, conversationId: message.conversationId, senderId: message.userId, ...said },
    });
  // the bytes and their row go: an unsent file no longer counts against the storage quota
  await ctx.files.remove(message.uploadId);
  if (message.uploadId) await ctx.models.ChatUpload.destroy({ where: { id: message.uploadId } });
  return updated(ctx, granted, message);
}

/** The floor of a conversation when `user` hosts it (host or subhost), else null. */
async function moderatorOf(ctx: ChatContext, user: User, floorId: number | null) {
  if (floorId === null) return null;
  const floor = await ctx.models.Floor.findByPk(floorId);
  if (!floor) return null;
  const me = await ctx.models.FloorParticipant.findOne({ where: { floorId, userId: user.id } });
  return managesFloor(user, floor, me) ? floor : null;
}

/** What a removed message said, for the audit log (its text, or its file's name and size). */
async function removedContent(ctx: ChatContext, message: { type: string; content: string; uploadId: string | null }) {
  if (message.type === 'text') return { text: chatPlainText(message.content).slice(0, 500) };
  const upload = message.uploadId ? await ctx.models.ChatUpload.findByPk(message.uploadId) : null;
  return { file: upload?.name ?? null, size: upload?.size ?? null };
}

async function updated(ctx: ChatContext, granted: ChatAccess, message: Parameters<typeof messageDtos>[1][number]) {
  const [dto] = await messageDtos(ctx, [message]);
  emitToUsers(ctx, await recipients(ctx, granted.conversation), 'chat:messageUpdated', dto!);
  return dto!;
}

const lastReadDto = (
  conversationId: number,
  user: Pick<User, 'id' | 'name' | 'avatarImageUrl'>,
  member: { lastReadMessageId: number | null; lastReadStamp: number | null } | null,
): ChatLastReadDto => ({
  conversationId,
  user: person(user),
  lastReadMessageId: member?.lastReadMessageId ?? null,
  lastReadStamp: member?.lastReadStamp ?? null,
});

/** Moves the caller's read position forward (never back) to `messageId` or the newest visible message. */
export async function seen(ctx: ChatContext, user: User, conversationId: number, messageId?: number) {
  const granted = await access(ctx, user, conversationId);
  const { models } = ctx;
  const target = await models.ChatMessage.findOne({
    where: { conversationId, id: messageId ? { ...visibleTo(granted), [Op.lte]: messageId } : visibleTo(granted) },
    order: [['id', 'DESC']],
  });
  if (messageId && target?.id !== messageId) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
  const [member] = await models.ChatMember.findOrCreate({ where: { conversationId, userId: user.id } });
  if (target && (member.lastReadMessageId ?? 0) < target.id)
    await member.update({ lastReadMessageId: target.id, lastReadStamp: target.stamp });
  const dto = lastReadDto(conversationId, user, member);
  emitToUsers(ctx, await recipients(ctx, granted.conversation), 'chat:messageSeen', dto);
  return dto;
}

export async function lastReads(ctx: ChatContext, user: User, conversationId: number): Promise<ChatLastReadDto[]> {
  await access(ctx, user, conversationId);
  const members = await ctx.models.ChatMember.findAll({ where: { conversationId } });
  const users = new Map(
    (await ctx.models.User.findAll({ where: { id: members.map((m) => m.userId) } })).map((u) => [u.id, u]),
  );
  return members.filter((m) => users.has(m.userId)).map((m) => lastReadDto(conversationId, users.get(m.userId)!, m));
}

/**
 * A message written on someone's behalf by the server (recording minutes, issue 17) in a room's
 * conversation: HTML (sanitised like any message), told to the room's people. A room whose chat nobody
 * opened yet gets it opened for the people in it; false when nobody is there to open it.
 */
export async function postToRoom(ctx: ChatContext, roomId: number, userId: number, html: string): Promise<boolean> {
  const { models } = ctx;
  const key = `room:${roomId}`;
  let conversation = await models.ChatConversation.findOne({ where: { key } });
  if (!conversation) {
    // nobody opened the room's chat yet: it is opened for the people in the room, as their own join would
    const here = await usersInRoom(models, roomId);
    const users = here.length ? await models.User.findAll({ where: { id: here } }) : [];
    for (const user of users) await open(ctx, user, { scope: 'room', roomId }).catch(() => undefined);
    conversation = await models.ChatConversation.findOne({ where: { key } });
  }
  if (!conversation) return false;
  const now = ctx.clock.now();
  const content = sanitizeChatHtml(html);
  const written = await ctx.writer.write(
    {
      conversationId: conversation.id,
      userId,
      participantId: null,
      type: 'text',
      content,
      uploadId: null,
      parentId: null,
      stamp: now.getTime(),
      clientMessageId: null,
    },
    now,
  );
  const [dto] = await messageDtos(ctx, [written.message]);
  emitToUsers(ctx, await recipients(ctx, conversation), 'chat:messageCreated', dto!);
  return true;
}
