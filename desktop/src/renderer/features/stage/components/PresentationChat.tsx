import type { MessageId, PresentationDto } from '@tsudoi/common';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { chatJoinRequested, ChatThreadView, conversationOpened, selectChat } from '../../chat';

/**
 * The presentation's chat in the sidebar (spec §2): the stage room's
 * conversation, joined when the tab opens. With save-chat on, leavers keep a
 * read-only copy to download (the chat's room leave rule); off, it is cleared
 * once everyone has left.
 */
export function PresentationChat({ presentation }: { presentation: PresentationDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const ready = chat.connection === 'open' && chat.historyLoaded;
  const conversation = chat.conversations.find((c) => c.scope === 'room' && c.typeId === presentation.roomId) ?? null;
  useEffect(() => {
    if (!ready) return;
    dispatch(chatJoinRequested({ scope: 'room', roomId: presentation.roomId }));
    return () => {
      dispatch(conversationOpened(null));
    };
  }, [ready, presentation.roomId, dispatch]);
  return (
    <div className="presentation__chat" role="tabpanel" aria-label={t('stage.chat.title')}>
      <p className="presentation__chat-note">
        {t(presentation.saveChat ? 'stage.chat.saved' : 'stage.chat.cleared', { kind: presentation.kind })}
      </p>
      {conversation && chat.activeId === conversation.id ? (
        <ChatThreadView conversation={conversation} hideHeader />
      ) : (
        <p className="presentation__chat-note">{t('stage.chat.loading')}</p>
      )}
    </div>
  );
}
