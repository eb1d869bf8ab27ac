import type { ChatConversationDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectChatMe } from '../chat-identity';
import { savedChatDownloadRequested, selectChat } from '../slice';
import { BackIcon, DownloadIcon } from './chat-icons';
import { Composer } from './Composer';
import { ConversationIcon } from './ConversationIcon';
import { MessageList } from './MessageList';
import { UploadTray } from './UploadTray';

export interface ChatThreadViewProps {
  conversation: ChatConversationDto;
  /** On phones the list and the thread take turns: back to the list. */
  onBack?(): void;
  /** The floor panel has its own header. */
  hideHeader?: boolean;
}

/** One conversation: its header, messages, uploads and the composer. */
export function ChatThreadView({ conversation, onBack, hideHeader = false }: ChatThreadViewProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectChatMe);
  const { connection, editing } = useAppSelector(selectChat);
  const scopeLabel = intl.formatMessage({ id: `chat.scope.${conversation.scope}` });
  const subtitle = conversation.chatEmail ?? scopeLabel;

  return (
    <section className="chat-thread" aria-label={conversation.title} data-conversation={conversation.id}>
      {!hideHeader && (
        <header className="chat-thread__header">
          {onBack && (
            <button
              type="button"
              className="chat-icon-button chat-thread__back"
              onClick={onBack}
              aria-label={intl.formatMessage({ id: 'chat.thread.back' })}
            >
              <BackIcon size={20} />
            </button>
          )}
          <ConversationIcon conversation={conversation} myUserId={me?.id ?? null} size={38} />
          <div className="chat-thread__titles">
            <h2 className="chat-thread__title">{conversation.title}</h2>
            <p className="chat-thread__subtitle">{subtitle}</p>
          </div>
          {connection !== 'open' && (
            <span className="chat-status" role="status">
              <span className="chat-status__dot" aria-hidden="true" />
              {intl.formatMessage({
                id: connection === 'reconnecting' ? 'chat.connection.reconnecting' : 'chat.connection.connecting',
              })}
            </span>
          )}
        </header>
      )}
      {conversation.readOnly && (
        <div className="chat-thread__readonly">
          <p>{intl.formatMessage({ id: 'chat.thread.readOnly' })}</p>
          <button
            type="button"
            className="button button--secondary chat-thread__download"
            onClick={() =>
              dispatch(savedChatDownloadRequested({ conversationId: conversation.id, title: conversation.title }))
            }
          >
            <DownloadIcon size={16} />
            {intl.formatMessage({ id: 'chat.thread.download' })}
          </button>
        </div>
      )}
      <MessageList key={conversation.id} conversation={conversation} />
      <UploadTray conversationId={conversation.id} />
      <Composer key={`${conversation.id}:${editing?.id ?? ''}`} conversation={conversation} />
    </section>
  );
}
