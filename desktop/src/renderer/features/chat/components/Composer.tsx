import type { ChatConversationDto } from '@tsudoi/common';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { textToSend } from '../chat-text';
import { newClientId } from '../commands';
import { contentText } from '../rich-text';
import { composerReset, editRequested, failedDraftTaken, selectChat, sendRequested, uploadQueued } from '../slice';
import { AttachIcon, CloseIcon, EditIcon, ReplyIcon, SendIcon } from './chat-icons';

const MAX_ROWS_PX = 160;

/**
 * Writes, replies to and edits messages, and attaches files. Enter sends and
 * Shift+Enter starts a new line (never while an IME is composing Japanese).
 */
export function Composer({ conversation }: { conversation: ChatConversationDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { replyTo, editing, failedDraft, connection } = useAppSelector(selectChat);
  // A new Composer is mounted for each edit (ChatThreadView keys it), starting from the message's text.
  const [text, setText] = useState(() => (editing?.type === 'text' ? contentText(editing.content) : ''));
  const [restored, setRestored] = useState<typeof failedDraft>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const t = (id: Parameters<typeof intl.formatMessage>[0]['id'], values?: Record<string, string>) =>
    intl.formatMessage({ id }, values);

  useEffect(() => {
    if (replyTo || editing) box.current?.focus();
  }, [replyTo, editing]);
  // A text that could not be sent comes back into the box (unless something new was typed).
  const draft = failedDraft?.conversationId === conversation.id ? failedDraft : null;
  if (draft && draft !== restored) {
    setRestored(draft);
    setText((current) => current || draft.text);
  }
  useEffect(() => {
    if (draft) dispatch(failedDraftTaken());
  }, [draft, dispatch]);
  // Grow with the text up to a limit.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  }, [text]);

  const ready = textToSend(text) !== null && connection === 'open';
  const submit = () => {
    if (!ready) return;
    if (editing) dispatch(editRequested({ messageId: editing.id, text }));
    else {
      const parentId = replyTo?.id;
      dispatch(
        sendRequested(
          parentId ? { conversationId: conversation.id, text, parentId } : { conversationId: conversation.id, text },
        ),
      );
      dispatch(composerReset());
    }
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && (editing || replyTo)) dispatch(composerReset());
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };
  const attach = (list: FileList | null) => {
    for (const file of Array.from(list ?? []))
      dispatch(
        uploadQueued({
          item: { id: newClientId(), conversationId: conversation.id, name: file.name, size: file.size },
          file,
        }),
      );
    if (files.current) files.current.value = '';
  };

  if (conversation.readOnly) return null;
  const banner = editing
    ? {
        icon: <EditIcon size={16} />,
        title: t('chat.composer.editing'),
        text: contentText(editing.type === 'text' ? editing.content : ''),
      }
    : replyTo
      ? {
          icon: <ReplyIcon size={16} />,
          title: t('chat.composer.replyingTo', { name: replyTo.sender.name }),
          text: replyTo.type === 'text' ? contentText(replyTo.content) : (replyTo.content?.name ?? ''),
        }
      : null;

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {banner && (
        <div className="chat-composer__banner">
          <span className="chat-composer__banner-icon">{banner.icon}</span>
          <span className="chat-composer__banner-text">
            <strong>{banner.title}</strong>
            <span>{banner.text}</span>
          </span>
          <button
            type="button"
            className="chat-icon-button"
            aria-label={t('chat.composer.cancel')}
            title={t('chat.composer.cancel')}
            onClick={() => dispatch(composerReset())}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      <div className="chat-composer__row">
        <input
          ref={files}
          type="file"
          multiple
          hidden
          data-testid="chat-file-input"
          onChange={(event) => attach(event.target.files)}
        />
        {!editing && (
          <button
            type="button"
            className="chat-icon-button chat-composer__attach"
            onClick={() => files.current?.click()}
            aria-label={t('chat.composer.attach')}
            title={t('chat.composer.attach')}
            disabled={connection !== 'open'}
          >
            <AttachIcon size={20} />
          </button>
        )}
        <textarea
          ref={box}
          className="chat-composer__input"
          rows={1}
          value={text}
          aria-label={t('chat.composer.label')}
          placeholder={t('chat.composer.placeholder', { title: conversation.title })}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="chat-composer__send"
          disabled={!ready}
          aria-label={t(editing ? 'chat.composer.save' : 'chat.composer.send')}
          title={t(editing ? 'chat.composer.save' : 'chat.composer.send')}
        >
          <SendIcon size={18} />
        </button>
      </div>
      <p className="chat-composer__hint">{t('chat.composer.hint')}</p>
    </form>
  );
}
