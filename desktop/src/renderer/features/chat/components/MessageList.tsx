import type { ChatConversationDto, ChatMessageDto, Locale } from '@tsudoi/common';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectChatMe } from '../chat-identity';
import { selectLiveFloor } from '../../floors/live-slice';
import { dayKey, dayLabel } from '../chat-time';
import { personKey } from '../conversations';
import {
  downloadQueued,
  editStarted,
  messagesRequested,
  previewRequested,
  replyStarted,
  selectChat,
  unsendRequested,
} from '../slice';
import { ConfirmDialog } from '@tsudoi/ui/controls';
import { MessageItem } from './MessageItem';
import { useNow } from './use-now';

const NEAR_BOTTOM_PX = 120;
const NO_MESSAGES: ChatMessageDto[] = [];

/** The messages of a conversation: older pages load at the top (`before`), new ones keep the view at the bottom. */
export function MessageList({ conversation }: { conversation: ChatConversationDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const me = useAppSelector(selectChatMe);
  const live = useAppSelector(selectLiveFloor);
  // a host or subhost of this conversation's floor may take anyone's message away (issue 25 §5)
  const moderate =
    conversation.floorId !== null && live.me?.canManage === true && live.floorId === conversation.floorId;
  const thread = chat.threads[conversation.id];
  const messages = thread?.messages ?? NO_MESSAGES;
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [unsending, setUnsending] = useState<ChatMessageDto | null>(null);
  const locale = intl.locale as Locale;
  /** The message being taken away is someone else's (a host removing it). */
  const removing = unsending !== null && personKey(unsending.sender) !== (me ? `u${me.id}` : '');

  // Keep the view: at the bottom when it was there, or in place after an older page arrives on top.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  useEffect(() => {
    for (const m of messages)
      if (m.type === 'image' && m.content && !m.unsentAt && chat.previews[m.id] === undefined)
        dispatch(previewRequested(m.id));
  }, [messages, chat.previews, dispatch]);

  const loadOlder = () => {
    const el = scroller.current;
    if (!thread || thread.loading || !thread.hasMore || !el) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    dispatch(messagesRequested({ conversationId: conversation.id, older: true }));
  };
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < 80) loadOlder();
  };

  // The newest message that another member has read (read receipts on my messages).
  const reads = Object.values(chat.reads[conversation.id] ?? {});
  const readUpTo = reads.length > 0 ? Math.max(...reads) : 0;
  const myKey = me ? `u${me.id}` : '';
  const lastReadMine = [...messages].reverse().find((m) => personKey(m.sender) === myKey && m.id <= readUpTo)?.id;

  const dayText = (at: number) => {
    const label = dayLabel(at, locale, now);
    if (label === 'today') return intl.formatMessage({ id: 'chat.thread.today' });
    if (label === 'yesterday') return intl.formatMessage({ id: 'chat.thread.yesterday' });
    return label;
  };
  const jumpTo = (id: number) =>
    document.getElementById(`chat-msg-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });

  return (
    <div className="chat-messages" ref={scroller} onScroll={onScroll}>
      {thread?.hasMore ? (
        <button type="button" className="chat-messages__older" onClick={loadOlder} disabled={thread.loading}>
          {thread.loading && <span className="button__spinner" aria-hidden="true" />}
          {intl.formatMessage({ id: 'chat.thread.older' })}
        </button>
      ) : (
        thread?.loaded &&
        messages.length > 0 && (
          <p className="chat-messages__start">{intl.formatMessage({ id: 'chat.thread.beginning' })}</p>
        )
      )}
      {!thread?.loaded ? (
        <div className="chat-messages__loading" role="status">
          <span className="button__spinner" aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
        </div>
      ) : messages.length === 0 ? (
        <div className="chat-messages__empty">
          <p>{intl.formatMessage({ id: 'chat.thread.empty' })}</p>
        </div>
      ) : (
        <ol className="chat-messages__list" aria-label={conversation.title}>
          {messages.map((m, i) => {
            const previous = messages[i - 1];
            const newDay = !previous || dayKey(previous.stamp) !== dayKey(m.stamp);
            const sameSender =
              !!previous &&
              !newDay &&
              personKey(previous.sender) === personKey(m.sender) &&
              m.stamp - previous.stamp < 300_000;
            const mine = personKey(m.sender) === myKey;
            return (
              <Fragment key={m.id}>
                {newDay && (
                  <li className="chat-day" role="separator">
                    <span>{dayText(m.stamp)}</span>
                  </li>
                )}
                <MessageItem
                  message={m}
                  mine={mine}
                  moderate={moderate && !mine}
                  first={!sameSender}
                  read={m.id === lastReadMine}
                  readOnly={conversation.readOnly}
                  preview={chat.previews[m.id]}
                  progress={
                    chat.downloads.current?.messageId === m.id
                      ? chat.downloads.progress
                      : chat.downloads.pending.some((d) => d.messageId === m.id)
                        ? 0
                        : null
                  }
                  onReply={() => dispatch(replyStarted(m))}
                  onEdit={() => dispatch(editStarted(m))}
                  onUnsend={() => setUnsending(m)}
                  onDownload={() =>
                    m.type !== 'text' &&
                    m.content &&
                    dispatch(downloadQueued({ messageId: m.id, name: m.content.name }))
                  }
                  onQuoteClick={jumpTo}
                />
              </Fragment>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={unsending !== null}
        title={intl.formatMessage({ id: removing ? 'chat.remove.title' : 'chat.unsend.title' })}
        confirmLabel={intl.formatMessage({ id: removing ? 'chat.remove.confirm' : 'chat.unsend.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'common.cancel' })}
        danger
        onCancel={() => setUnsending(null)}
        onConfirm={() => {
          if (unsending) dispatch(unsendRequested({ messageId: unsending.id }));
          setUnsending(null);
        }}
      >
        {intl.formatMessage(
          { id: removing ? 'chat.remove.text' : 'chat.unsend.text' },
          { name: unsending?.sender.name ?? '' },
        )}
      </ConfirmDialog>
    </div>
  );
}
