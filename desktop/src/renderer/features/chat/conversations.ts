import type { ChatConversationDto, ChatMessageDto } from '@tsudoi/common';
import { htmlToPlainText } from './rich-text';

/**
 * Pure list and thread rules of the chat (spec §4): joining reuses a
 * conversation and moves it to the front; a message lands once (by id, or
 * replacing my optimistic copy by clientMessageId); edits and unsends replace
 * the message and the quotes of replies to it.
 */

/** The conversation at the front, without a second copy of it further down. */
export function moveToFront(list: ChatConversationDto[], conversation: ChatConversationDto): ChatConversationDto[] {
  return [conversation, ...list.filter((c) => c.id !== conversation.id)];
}

/** Newest activity first (a conversation without messages by its last update). */
export function byActivity(list: ChatConversationDto[]): ChatConversationDto[] {
  const at = (c: ChatConversationDto) => c.lastMessageStamp ?? (Date.parse(c.updatedAt) || 0);
  return [...list].sort((a, b) => at(b) - at(a));
}

/** Adds a message to a thread (oldest first) unless it is there; my pending copy is replaced. */
export function withMessage(thread: ChatMessageDto[], message: ChatMessageDto): ChatMessageDto[] {
  if (thread.some((m) => m.id === message.id)) return thread.map((m) => (m.id === message.id ? message : m));
  const next = thread.filter((m) => !(message.clientMessageId && m.clientMessageId === message.clientMessageId));
  // Stamps order messages; one arriving late slots in where it belongs.
  let at = next.length;
  while (at > 0 && next[at - 1]!.stamp > message.stamp) at -= 1;
  return [...next.slice(0, at), message, ...next.slice(at)];
}

/** An older page in front of the thread, without repeats. */
export function withOlder(thread: ChatMessageDto[], older: ChatMessageDto[]): ChatMessageDto[] {
  const known = new Set(thread.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...thread];
}

/** An edited or unsent message in place, and in the quotes of replies to it. */
export function withUpdate(thread: ChatMessageDto[], message: ChatMessageDto): ChatMessageDto[] {
  return thread.map((m) => {
    if (m.id === message.id) return message;
    if (m.replyTo?.id === message.id) {
      // quotes are plain text (the server's excerpt), so an edit's HTML is read as text
      const content = message.type === 'text' ? htmlToPlainText(message.content) : (message.content?.name ?? '');
      return { ...m, replyTo: { ...m.replyTo, content, unsentAt: message.unsentAt } };
    }
    return m;
  });
}

/**
 * The conversation after a new message: its last message, and one more
 * unread unless it is seen or is the last message the conversation already had.
 */
export function afterMessage(
  conversation: ChatConversationDto,
  message: ChatMessageDto,
  countsAsUnread: boolean,
): ChatConversationDto {
  const newer = conversation.lastMessageStamp === null || message.stamp >= conversation.lastMessageStamp;
  return {
    ...conversation,
    lastMessage: newer ? message : conversation.lastMessage,
    lastMessageId: newer ? message.id : conversation.lastMessageId,
    lastMessageStamp: newer ? message.stamp : conversation.lastMessageStamp,
    // the message the conversation arrived with (already counted by the server) is not counted twice
    unreadMessages: conversation.unreadMessages + (countsAsUnread && message.id !== conversation.lastMessageId ? 1 : 0),
  };
}

/** A person's key in read records and "mine" checks. */
export const personKey = (p: { userId: number | null; participantId: number | null }) =>
  p.userId !== null ? `u${p.userId}` : `p${p.participantId ?? 0}`;

/**
 * The /chat page's list: a floor's or table's conversation appears once
 * something is said in it (everyone on a floor is in both from the start;
 * empty ones would only crowd the list), or while it is open.
 */
export const listedOnChatPage = (c: ChatConversationDto, activeId: number | null) =>
  c.lastMessageId !== null || (c.scope !== 'floor' && c.scope !== 'room') || c.id === activeId;
