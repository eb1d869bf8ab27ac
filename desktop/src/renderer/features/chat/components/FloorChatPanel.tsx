import type { ChatConversationDto, ChatJoin } from '@tsudoi/common';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectFloorDetail } from '../../floors/detail-slice';
import { selectLiveFloor } from '../../floors/live-slice';
import { myFloorRoom } from '../floor-state';
import { conversationOpened, floorPanelShown, joinRequested, selectChat, type FloorChatTab } from '../slice';
import { ChatIcon, CloseIcon, FloorIcon, PersonIcon, TableIcon } from './chat-icons';
import { ChatThreadView } from './ChatThreadView';
import './chat.css';

const matches = (c: ChatConversationDto, scope: 'floor' | 'room' | 'participant', typeId: number | null) =>
  typeId !== null && c.scope === scope && c.typeId === typeId;

/** The conversation a "send message" join names, once it is in the list. */
export function joinedBy(c: ChatConversationDto, join: ChatJoin): boolean {
  switch (join.scope) {
    case 'private':
      return c.scope === 'private' && c.members.some((m) => m.userId === join.userId);
    case 'guest':
      return c.scope === 'participant' && c.floorId === join.floorId && c.members.some((m) => m.userId === join.userId);
    case 'participant':
      return matches(c, 'participant', join.participantId);
    case 'room':
      return matches(c, 'room', join.roomId);
    default:
      return c.scope === join.scope && c.typeId === join.floorId;
  }
}

/**
 * The live floor's chat: a button with the unread count opens a panel with
 * two tabs, the whole floor and the table (room) one sits at. Opening a tab
 * joins its conversation (reused when it exists); closing leaves it.
 * An account-less guest has a third tab: their own conversation with the
 * floor's host side (the hosts answer it from /chat or this panel). "Send
 * message" on a person's card opens a fourth, with that person. The server
 * keeps everyone in their floor's and table's conversations whether or not
 * this panel was ever opened, so the launcher's count is always true.
 */
export function FloorChatPanel({ floorId }: { floorId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const room = useAppSelector(myFloorRoom);
  const detail = useAppSelector(selectFloorDetail);
  const live = useAppSelector(selectLiveFloor);
  const { open, tab, direct } = chat.floorPanel;
  const setOpen = (value: boolean) => dispatch(floorPanelShown({ open: value }));
  const setTab = (value: FloorChatTab) => dispatch(floorPanelShown({ open: true, tab: value }));
  const roomId = room?.floorId === floorId ? room.roomId : null;
  const roomName = detail.rooms?.find((r) => r.id === roomId)?.name ?? null;
  const ready = chat.connection === 'open' && chat.historyLoaded;

  const floorChat = chat.conversations.find((c) => matches(c, 'floor', floorId)) ?? null;
  const roomChat = chat.conversations.find((c) => matches(c, 'room', roomId)) ?? null;
  // an account-less guest's own participant row on this floor (their conversation with the host side)
  const guestRow = chat.guest?.floorId === floorId && live.me?.isGuest ? live.me.participantId : null;
  const hostChat = chat.conversations.find((c) => matches(c, 'participant', guestRow)) ?? null;
  const directChat = (direct && chat.conversations.find((c) => joinedBy(c, direct.join))) ?? null;
  const current = { floor: floorChat, room: roomChat, host: hostChat, direct: directChat }[tab];
  const unread = [floorChat, roomChat, hostChat, directChat].reduce((n, c) => n + (c?.unreadMessages ?? 0), 0);

  // Opening a tab (or moving to another room on the table tab) joins its conversation.
  useEffect(() => {
    if (!open || !ready) return;
    const payload: ChatJoin | null =
      tab === 'floor'
        ? { scope: 'floor', floorId }
        : tab === 'host'
          ? guestRow !== null
            ? { scope: 'participant', participantId: guestRow }
            : null
          : tab === 'direct'
            ? (direct?.join ?? null)
            : roomId !== null
              ? { scope: 'room', roomId }
              : null;
    if (payload) dispatch(joinRequested(payload));
    else dispatch(conversationOpened(null));
  }, [open, ready, tab, floorId, roomId, guestRow, direct, dispatch]);
  useEffect(() => {
    if (!open) dispatch(conversationOpened(null));
  }, [open, dispatch]);
  // leaving the live page closes the panel (another floor opens with it closed)
  useEffect(
    () => () => {
      dispatch(conversationOpened(null));
      dispatch(floorPanelShown({ open: false }));
    },
    [dispatch],
  );

  const active = current && chat.activeId === current.id ? current : null;
  const tabButton = (value: FloorChatTab, label: string, Icon: typeof FloorIcon, count: number) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === value}
      className="floor-chat__tab"
      onClick={() => setTab(value)}
    >
      <Icon size={16} />
      <span className="floor-chat__tab-label">{label}</span>
      {count > 0 && tab !== value && <span className="chat-badge">{count > 99 ? '99+' : count}</span>}
    </button>
  );

  // No chat socket (a guest without a session for this floor): no chat here.
  if (chat.connection === 'closed') return null;
  if (!open)
    return (
      <button type="button" className="floor-chat__launcher" onClick={() => setOpen(true)}>
        <ChatIcon size={20} />
        <span>{intl.formatMessage({ id: 'chat.floor.open' })}</span>
        {unread > 0 && (
          <span className="chat-badge" aria-label={intl.formatMessage({ id: 'chat.list.unread' }, { count: unread })}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
    );

  return (
    <aside className="floor-chat" aria-label={intl.formatMessage({ id: 'chat.floor.title' })}>
      <header className="floor-chat__head">
        <h2 className="floor-chat__title">{intl.formatMessage({ id: 'chat.floor.title' })}</h2>
        <button
          type="button"
          className="chat-icon-button"
          onClick={() => setOpen(false)}
          aria-label={intl.formatMessage({ id: 'chat.floor.close' })}
        >
          <CloseIcon size={18} />
        </button>
      </header>
      <div className="floor-chat__tabs" role="tablist" aria-label={intl.formatMessage({ id: 'chat.floor.tabs' })}>
        {tabButton(
          'floor',
          intl.formatMessage({ id: 'chat.floor.floorTab' }),
          FloorIcon,
          floorChat?.unreadMessages ?? 0,
        )}
        {tabButton(
          'room',
          roomName ?? intl.formatMessage({ id: 'chat.floor.roomTab' }),
          TableIcon,
          roomChat?.unreadMessages ?? 0,
        )}
        {guestRow !== null &&
          tabButton(
            'host',
            intl.formatMessage({ id: 'chat.floor.hostTab' }),
            PersonIcon,
            hostChat?.unreadMessages ?? 0,
          )}
        {direct && tabButton('direct', direct.name, PersonIcon, directChat?.unreadMessages ?? 0)}
      </div>
      <div className="floor-chat__body" role="tabpanel">
        {active ? (
          <ChatThreadView key={active.id} conversation={active} hideHeader />
        ) : tab === 'room' && roomId === null ? (
          <p className="floor-chat__note">{intl.formatMessage({ id: 'chat.floor.noRoom' })}</p>
        ) : tab === 'direct' && !chat.joining && !directChat ? (
          <p className="floor-chat__note">{intl.formatMessage({ id: 'chat.floor.directUnavailable' })}</p>
        ) : (
          <div className="chat-messages__loading" role="status">
            <span className="button__spinner" aria-hidden="true" />
            <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
          </div>
        )}
      </div>
    </aside>
  );
}
