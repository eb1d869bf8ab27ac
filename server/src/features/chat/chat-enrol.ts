import { Op } from 'sequelize';
import type { ChatKind, ChatScope } from '@tsudoi/common';
import type { ChatContext } from './chat-context';
import type { ChatConversation, ChatMember } from './chat.models';

export interface ConversationRow {
  key: string;
  kind: ChatKind;
  scope: ChatScope;
  floorId: number | null;
  typeId: number | null;
}

/** The conversation a key names, made on first use (two first uses at once: the other one made it). */
export async function findOrCreateConversation(
  ctx: ChatContext,
  row: ConversationRow,
): Promise<{ conversation: ChatConversation; created: boolean }> {
  const { ChatConversation } = ctx.models;
  const known = (conversation: ChatConversation, created: boolean) => {
    ctx.cache.made(conversation);
    return { conversation, created };
  };
  const found = await ChatConversation.findOne({ where: { key: row.key } });
  if (found) return known(found, false);
  try {
    return known(await ChatConversation.create(row), true);
  } catch (error) {
    const made = await ChatConversation.findOne({ where: { key: row.key } });
    if (!made) throw error;
    return known(made, false);
  }
}

/** The newest message of a conversation (id and stamp), or the newest sent before `before` (ms), or null. */
export async function lastMessage(ctx: ChatContext, conversationId: number, before?: number) {
  return ctx.models.ChatMessage.findOne({
    where: { conversationId, ...(before === undefined ? {} : { stamp: { [Op.lt]: before } }) },
    order: [['id', 'DESC']],
    attributes: ['id', 'stamp'],
  });
}

export interface Newcomer {
  /** Hide everything said before now (a room without saveChat: like sitting down at a table). */
  hideHistory: boolean;
  /** Count nothing said before now as unread (enrolled by the server, not by opening the chat). */
  readUpToNow: boolean;
  /** "Now" when the person arrived earlier than this enrolment (ms, the clock of message stamps). */
  since?: number;
  /** The caller knows there is no row yet (it is not looked up first). */
  absent?: boolean;
}

/**
 * Makes `userId` a member of a conversation. An existing row is kept as it
 * is; a second enrolment at the same moment (another socket, another
 * process) is a no-op through the unique index. Answers the row, or null
 * when it could not be read back.
 */
export async function enrol(
  ctx: ChatContext,
  conversationId: number,
  userId: number,
  { hideHistory, readUpToNow, since, absent }: Newcomer,
): Promise<ChatMember | null> {
  const { ChatMember } = ctx.models;
  const existing = absent ? null : await ChatMember.findOne({ where: { conversationId, userId } });
  if (existing) return existing;
  const last = hideHistory || readUpToNow ? await lastMessage(ctx, conversationId, since) : null;
  const row = {
    conversationId,
    userId,
    clearedUntilId: hideHistory ? (last?.id ?? 0) : 0,
    ...(readUpToNow && last ? { lastReadMessageId: last.id, lastReadStamp: last.stamp } : {}),
  };
  try {
    const made = await ChatMember.create(row);
    await bumpMembers(ctx, conversationId);
    return made;
  } catch {
    return ChatMember.findOne({ where: { conversationId, userId } });
  }
}

/** A member row of the conversation changed: when it is a room's or a floor's, the floor's member version moves. */
export async function bumpMembers(ctx: ChatContext, conversationId: number): Promise<void> {
  const conversation = await ctx.cache.conversation(conversationId);
  if (conversation && (conversation.scope === 'room' || conversation.scope === 'floor'))
    await ctx.memberVersions.bump(conversation.floorId);
}
