import type { ChatConversationDto, ChatMessageDto, DesktopNotification } from '@tsudoi/common';
import { contentText } from './rich-text';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `@name` anywhere in the text, not glued to a longer word ("@Mia" mentions Mia, "@Miami" does not). */
export function mentions(text: string, name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed) return false;
  return new RegExp(`(^|\\s)@${escapeRegExp(trimmed)}(?=$|[\\s.,!?、。！？:;)）])`, 'iu').test(text);
}

/**
 * What a message nobody sees on screen becomes outside the page (a native
 * notification while the window is hidden or unfocused): private and guest
 * conversations always, floor, table and Q&A chats only when they mention me
 * by `@name` — a busy floor chat must not ring all day.
 */
export function chatNotification(
  message: ChatMessageDto,
  conversation: Pick<ChatConversationDto, 'scope' | 'title' | 'floorId'> | undefined,
  myName: string,
): DesktopNotification | null {
  if (message.unsentAt) return null;
  const body = message.type === 'text' ? contentText(message.content) : (message.content?.name ?? '');
  const sender = message.sender.name || '…';
  const direct = conversation === undefined || conversation.scope === 'private' || conversation.scope === 'participant';
  if (direct) return { kind: 'message', title: sender, body: body.slice(0, 200), path: '/chat' };
  if (message.type !== 'text' || !mentions(body, myName)) return null;
  return {
    kind: 'mention',
    title: `${sender} · ${conversation.title}`.slice(0, 200),
    body: body.slice(0, 200),
    path: conversation.floorId ? `/floors/${conversation.floorId}/live` : '/chat',
  };
}
