import type { ChatMessageDto, Locale } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Avatar } from '@tsudoi/ui/controls';
import { avatarColour } from '@tsudoi/common';
import { clockTime } from '../chat-time';
import { Attachment } from './Attachment';
import { EditIcon, ReplyIcon, UnsendIcon } from './chat-icons';
import { RichContent } from './RichContent';

export interface MessageItemProps {
  message: ChatMessageDto;
  mine: boolean;
  /** Someone else's message I may take away (a host or subhost of the conversation's floor). */
  moderate?: boolean;
  /** The first of a run of messages by the same sender: shows their name and face. */
  first: boolean;
  /** My message that someone else has read (shown on my last read message). */
  read: boolean;
  readOnly: boolean;
  preview: string | undefined;
  progress: number | null;
  onReply(): void;
  onEdit(): void;
  onUnsend(): void;
  onDownload(): void;
  onQuoteClick(id: number): void;
}

/** The quoted message above a reply: its sender and the start of its text (or its file name). */
function Quote({ message, onClick }: { message: ChatMessageDto; onClick(id: number): void }) {
  const intl = useIntl();
  const reply = message.replyTo;
  if (!reply) return null;
  // The server sends the quoted text as plain text (or the file name): shown as a text node.
  const text = reply.unsentAt ? intl.formatMessage({ id: 'chat.message.unsent' }) : reply.content;
  return (
    <button type="button" className="chat-quote" onClick={() => onClick(reply.id)}>
      <span className="chat-quote__name">{reply.sender.name}</span>
      <span className="chat-quote__text">{text}</span>
    </button>
  );
}

/** One of a message's actions: an icon button named for screen readers. */
function Action(props: { label: string; icon: typeof ReplyIcon; onClick(): void }) {
  const Icon = props.icon;
  return (
    <button type="button" className="chat-icon-button" onClick={props.onClick} title={props.label}>
      <Icon size={16} />
      <span className="visually-hidden">{props.label}</span>
    </button>
  );
}

export function MessageItem(props: MessageItemProps) {
  const { message, mine, first, read, readOnly, preview, progress } = props;
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: Parameters<typeof intl.formatMessage>[0]['id'], values?: Record<string, string>) =>
    intl.formatMessage({ id }, values);
  const unsent = message.unsentAt !== null;
  const { moderate } = props;
  const time = clockTime(message.stamp, locale);
  const classes = ['chat-msg', mine ? 'chat-msg--mine' : 'chat-msg--theirs', first && 'chat-msg--first']
    .filter(Boolean)
    .join(' ');

  return (
    <li className={classes} data-message-id={message.id} id={`chat-msg-${message.id}`}>
      {!mine && (
        <span className="chat-msg__face">
          {first && (
            <Avatar
              name={message.sender.name}
              imageUrl={message.sender.avatarImageUrl}
              color={avatarColour(message.sender.name)}
              size={34}
            />
          )}
        </span>
      )}
      <div className="chat-msg__body">
        {first && !mine && <span className="chat-msg__name">{message.sender.name}</span>}
        <div className="chat-msg__row">
          <div className={`chat-bubble${unsent ? ' chat-bubble--unsent' : ''}`}>
            {!unsent && <Quote message={message} onClick={props.onQuoteClick} />}
            {unsent ? (
              <span className="chat-bubble__unsent">
                {t(message.removedByHost ? 'chat.message.removed' : 'chat.message.unsent')}
              </span>
            ) : message.type === 'text' ? (
              <RichContent html={message.content} />
            ) : message.content ? (
              <Attachment
                attachment={message.content}
                preview={preview}
                progress={progress}
                onDownload={props.onDownload}
              />
            ) : null}
          </div>
          {!unsent && (!readOnly || moderate) && (
            <div className="chat-msg__actions" role="group" aria-label={t('chat.message.actions')}>
              {!readOnly && <Action label={t('chat.message.reply')} icon={ReplyIcon} onClick={props.onReply} />}
              {mine && !readOnly && message.type === 'text' && (
                <Action label={t('chat.message.edit')} icon={EditIcon} onClick={props.onEdit} />
              )}
              {(mine || moderate) && (
                <Action
                  label={t(mine ? 'chat.message.unsend' : 'chat.message.remove')}
                  icon={UnsendIcon}
                  onClick={props.onUnsend}
                />
              )}
            </div>
          )}
        </div>
        <span className="chat-msg__meta">
          {mine && read && <span className="chat-msg__read">{t('chat.message.read')}</span>}
          <time dateTime={message.createdAt}>{time}</time>
          {message.editedAt && !unsent && <span className="chat-msg__edited">{t('chat.message.edited')}</span>}
        </span>
      </div>
    </li>
  );
}
