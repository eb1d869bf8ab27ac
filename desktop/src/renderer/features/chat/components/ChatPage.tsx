import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { selectCurrentUser } from '../../auth';
import { listedOnChatPage } from '../conversations';
import { conversationOpened, selectActiveConversation, selectChat } from '../slice';
import { ChatIcon, PlusIcon } from './chat-icons';
import { ChatThreadView } from './ChatThreadView';
import { ConversationList } from './ConversationList';
import { NewChatDialog } from './NewChatDialog';
import './chat.css';

/**
 * /chat: the conversations on the left (newest first, unread counts), the
 * open one on the right. On phones they take turns. `?c={id}` opens one
 * (a notification's link); leaving the page leaves the open conversation.
 */
export function ChatPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const active = useAppSelector(selectActiveConversation);
  const me = useAppSelector(selectCurrentUser);
  const [params, setParams] = useSearchParams();
  const [picking, setPicking] = useState(false);
  useDocumentTitle(intl.formatMessage({ id: 'chat.page.title' }));

  const wanted = Number(params.get('c'));
  const known = chat.conversations.some((c) => c.id === wanted);
  useEffect(() => {
    if (known && chat.activeId !== wanted) dispatch(conversationOpened(wanted));
  }, [known, wanted]); // eslint-disable-line react-hooks/exhaustive-deps
  // The page shows the active conversation in its address (and a joined one becomes it).
  useEffect(() => {
    if (chat.activeId !== null && chat.activeId !== wanted) setParams({ c: String(chat.activeId) }, { replace: true });
  }, [chat.activeId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(
    () => () => {
      dispatch(conversationOpened(null));
    },
    [dispatch],
  );

  const open = (id: number) => dispatch(conversationOpened(id));
  const back = () => {
    dispatch(conversationOpened(null));
    setParams({}, { replace: true });
  };
  const loading = !chat.historyLoaded;
  const listed = chat.conversations.filter((c) => listedOnChatPage(c, chat.activeId));

  return (
    <div className={`chat-page${active ? ' chat-page--open' : ''}`}>
      <aside className="chat-page__side">
        <div className="chat-page__side-head">
          <h1 className="chat-page__title">{intl.formatMessage({ id: 'chat.page.title' })}</h1>
          <button
            type="button"
            className="chat-new-button"
            onClick={() => setPicking(true)}
            disabled={chat.connection !== 'open'}
          >
            <PlusIcon size={16} />
            {intl.formatMessage({ id: 'chat.list.new' })}
          </button>
        </div>
        {loading ? (
          <div className="chat-page__loading" role="status">
            <span className="button__spinner" aria-hidden="true" />
            <span>
              {intl.formatMessage({
                id: chat.connection === 'reconnecting' ? 'chat.connection.reconnecting' : 'chat.connection.connecting',
              })}
            </span>
          </div>
        ) : listed.length === 0 ? (
          <div className="chat-page__empty-list">
            <span className="chat-page__empty-icon">
              <ChatIcon size={26} />
            </span>
            <p className="chat-page__empty-title">{intl.formatMessage({ id: 'chat.list.empty' })}</p>
            <p>{intl.formatMessage({ id: 'chat.list.emptyHint' })}</p>
          </div>
        ) : (
          <ConversationList conversations={listed} activeId={chat.activeId} myUserId={me?.id ?? null} onOpen={open} />
        )}
      </aside>
      <div className="chat-page__main">
        {active ? (
          <ChatThreadView key={active.id} conversation={active} onBack={back} />
        ) : (
          <div className="chat-page__pick">
            <span className="chat-page__pick-icon">
              <ChatIcon size={34} />
            </span>
            <p className="chat-page__pick-title">{intl.formatMessage({ id: 'chat.thread.pick' })}</p>
            <p>{intl.formatMessage({ id: 'chat.thread.pickHint' })}</p>
          </div>
        )}
      </div>
      <NewChatDialog open={picking} onClose={() => setPicking(false)} />
    </div>
  );
}
