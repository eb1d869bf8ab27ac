import type { ChatConversationDto, Locale, MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { listStamp } from '../chat-time';
import { contentText } from '../rich-text';
import { ConversationIcon } from './ConversationIcon';
import { useNow } from './use-now';

export interface ConversationListProps {
  conversations: ChatConversationDto[];
  activeId: number | null;
  myUserId: number | null;
  onOpen(id: number): void;
}

function usePreview() {
  const intl = useIntl();
  return (c: ChatConversationDto, myUserId: number | null): string => {
    const m = c.lastMessage;
    if (!m) return intl.formatMessage({ id: `chat.scope.${c.scope}` as MessageId });
    const who =
      m.sender.userId !== null && m.sender.userId === myUserId ? intl.formatMessage({ id: 'chat.message.you' }) : null;
    const body = m.unsentAt
      ? intl.formatMessage({ id: 'chat.message.unsent' })
      : m.type === 'text'
        ? contentText(m.content)
        : `${intl.formatMessage({ id: m.type === 'image' ? 'chat.message.image' : 'chat.message.file' })}: ${m.content?.name ?? ''}`;
    return who ? `${who}: ${body}` : body;
  };
}

/** The conversations, most recent first, with the last message and the unread count. */
export function ConversationList({ conversations, activeId, myUserId, onOpen }: ConversationListProps) {
  const intl = useIntl();
  const preview = usePreview();
  const locale = intl.locale as Locale;
  const now = useNow();
  return (
    <ul className="chat-list" aria-label={intl.formatMessage({ id: 'chat.list.label' })}>
      {conversations.map((c) => {
        const stamp = c.lastMessageStamp ?? Date.parse(c.updatedAt);
        const unread = c.unreadMessages;
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`chat-list__item${c.id === activeId ? ' chat-list__item--active' : ''}${unread > 0 ? ' chat-list__item--unread' : ''}`}
              aria-current={c.id === activeId ? 'true' : undefined}
              onClick={() => onOpen(c.id)}
              data-conversation={c.id}
            >
              <ConversationIcon conversation={c} myUserId={myUserId} size={42} />
              <span className="chat-list__text">
                <span className="chat-list__top">
                  <span className="chat-list__title">{c.title}</span>
                  {Number.isFinite(stamp) && <time className="chat-list__time">{listStamp(stamp, locale, now)}</time>}
                </span>
                <span className="chat-list__bottom">
                  <span className="chat-list__preview">{preview(c, myUserId)}</span>
                  {unread > 0 && (
                    <span
                      className="chat-badge"
                      aria-label={intl.formatMessage({ id: 'chat.list.unread' }, { count: unread })}
                    >
                      {unread > 99 ? '99+' : unread}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
