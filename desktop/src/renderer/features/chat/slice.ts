import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ChatConversationDto,
  ChatJoin,
  ChatLastReadDto,
  ChatMessageDto,
  ChatMessagesPage,
  EmployeeRow,
} from '@tsudoi/common';
import { sessionReset } from '@tsudoi/ui/session';
import { afterMessage, byActivity, moveToFront, personKey, withMessage, withOlder, withUpdate } from './conversations';
import { transferReducers, transfersInitial, type TransfersState } from './transfers';

/** The chat socket (spec §4): closed on /login and signed out, open elsewhere. */
export type ChatConnection = 'closed' | 'connecting' | 'open' | 'reconnecting';

export interface ChatThread {
  /** Oldest first. */
  messages: ChatMessageDto[];
  hasMore: boolean;
  loading: boolean;
  loaded: boolean;
}

export interface ChatState extends TransfersState {
  connection: ChatConnection;
  route: { pathname: string; search: string };
  /** Front first: the most recent activity, or the conversation joined last (spec §4). */
  conversations: ChatConversationDto[];
  historyLoaded: boolean;
  /** The conversation on screen (the /chat page or the floor panel); null when none is. */
  activeId: number | null;
  joining: boolean;
  threads: Record<number, ChatThread>;
  /** Others' read positions by conversation and person (read receipts). */
  reads: Record<number, Record<string, number>>;
  replyTo: ChatMessageDto | null;
  editing: ChatMessageDto | null;
  /** Object URLs of image messages shown in the page ('failed' when they could not be loaded). */
  previews: Record<number, string>;
  /** Teammates one can start a private conversation with (the new-message dialog). */
  people: { items: EmployeeRow[]; loading: boolean; error: string | null };
  /** A text whose sending failed, given back to the composer of its conversation. */
  failedDraft: { conversationId: number; text: string } | null;
  /** An account-less guest's chat identity while their floor's guest session holds the socket; null signed in. */
  guest: ChatGuest | null;
  /** The live floor's chat panel: open or not, its tab, and the person a "send message" opened it for. */
  floorPanel: FloorPanel;
}

/** The live floor panel's tabs: the whole floor, my table, a guest's host side, and one person. */
export type FloorChatTab = 'floor' | 'room' | 'host' | 'direct';

export interface FloorPanel {
  open: boolean;
  tab: FloorChatTab;
  /** The conversation of the "direct" tab (a private chat, or a host's with a guest) and whom it is with. */
  direct: { join: ChatJoin; name: string } | null;
}

/** Who an account-less guest is in the chat: their guest account (senders carry its id) on one floor. */
export interface ChatGuest {
  id: number;
  name: string;
  avatarImageUrl: null;
  floorId: number;
}

export interface WithChat {
  chat: ChatState;
}

export const chatInitialState: ChatState = {
  connection: 'closed',
  route: { pathname: '/', search: '' },
  conversations: [],
  historyLoaded: false,
  activeId: null,
  joining: false,
  threads: {},
  reads: {},
  replyTo: null,
  editing: null,
  failedDraft: null,
  people: { items: [], loading: false, error: null },
  previews: {},
  guest: null,
  floorPanel: { open: false, tab: 'floor', direct: null },
  ...transfersInitial,
};

const emptyThread: ChatThread = { messages: [], hasMore: false, loading: false, loaded: false };
const threadOf = (state: ChatState, id: number) => (state.threads[id] ??= { ...emptyThread });

function receive(state: ChatState, message: ChatMessageDto, mine: boolean) {
  const thread = state.threads[message.conversationId];
  if (thread?.loaded) thread.messages = withMessage(thread.messages, message);
  const index = state.conversations.findIndex((c) => c.id === message.conversationId);
  if (index < 0) return; // the saga fetches the conversation (chat:getConversation)
  const unread = !mine && state.activeId !== message.conversationId;
  state.conversations = moveToFront(state.conversations, afterMessage(state.conversations[index]!, message, unread));
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: chatInitialState,
  reducers: {
    chatRouteChanged(state, action: PayloadAction<{ pathname: string; search: string }>) {
      state.route = action.payload;
    },
    chatConnecting(state) {
      state.connection = state.connection === 'closed' ? 'connecting' : 'reconnecting';
    },
    /** The identity a new chat socket opens with: a guest's, or null for the signed-in user. */
    chatGuestSet(state, action: PayloadAction<ChatGuest | null>) {
      state.guest = action.payload;
    },
    chatConnected(state) {
      state.connection = 'open';
    },
    chatDisconnected(state) {
      if (state.connection !== 'closed') state.connection = 'reconnecting';
    },
    /** The socket closed on purpose (/login, sign-out): nothing is kept. */
    chatClosed: (state) => ({ ...chatInitialState, route: state.route }),
    historyLoaded(state, action: PayloadAction<ChatConversationDto[]>) {
      state.conversations = byActivity(action.payload);
      state.historyLoaded = true;
    },
    /** Join (find or create) a floor, room, participant or private conversation and open it. */
    joinRequested(state, _action: PayloadAction<ChatJoin>) {
      state.joining = true;
    },
    joinFailed(state) {
      state.joining = false;
    },
    /** A joined conversation goes to the front of the list (reused when it was there). */
    conversationJoined(state, action: PayloadAction<ChatConversationDto>) {
      state.joining = false;
      state.conversations = moveToFront(state.conversations, action.payload);
    },
    /** A conversation appeared or changed (title, members, read-only); it keeps its place. */
    conversationUpdated(state, action: PayloadAction<ChatConversationDto>) {
      // the one on screen has nothing unread, whatever the server counted before it was seen
      const updated = action.payload.id === state.activeId ? { ...action.payload, unreadMessages: 0 } : action.payload;
      const index = state.conversations.findIndex((c) => c.id === updated.id);
      if (index < 0) state.conversations = moveToFront(state.conversations, updated);
      else state.conversations[index] = updated;
    },
    conversationCleared(state, action: PayloadAction<{ conversationId: number }>) {
      const id = action.payload.conversationId;
      if (state.threads[id]) state.threads[id] = { ...emptyThread, loaded: true };
      if (state.activeId === id) {
        const c = state.conversations.find((x) => x.id === id);
        if (c) Object.assign(c, { lastMessage: null, lastMessageId: null, lastMessageStamp: null, unreadMessages: 0 });
      } else state.conversations = state.conversations.filter((c) => c.id !== id);
    },
    /** The conversation on screen changes (the saga leaves the previous one); null when the view closes. */
    conversationOpened(state, action: PayloadAction<number | null>) {
      if (state.activeId === action.payload) return;
      state.activeId = action.payload;
      state.replyTo = null;
      state.editing = null;
      const c = state.conversations.find((x) => x.id === action.payload);
      if (c) c.unreadMessages = 0;
    },
    /** Load the newest page, or the page before the oldest message shown. */
    messagesRequested(state, action: PayloadAction<{ conversationId: number; older?: boolean }>) {
      threadOf(state, action.payload.conversationId).loading = true;
    },
    messagesLoaded(state, action: PayloadAction<{ page: ChatMessagesPage; older: boolean }>) {
      const { page, older } = action.payload;
      const thread = threadOf(state, page.conversationId);
      thread.messages = older ? withOlder(thread.messages, page.messages) : page.messages;
      thread.hasMore = page.hasMore;
      thread.loading = false;
      thread.loaded = true;
    },
    messagesFailed(state, action: PayloadAction<number>) {
      threadOf(state, action.payload).loading = false;
    },
    /** A new message (chat:messageCreated, or the answer to my send). */
    messageReceived(state, action: PayloadAction<{ message: ChatMessageDto; mine: boolean }>) {
      receive(state, action.payload.message, action.payload.mine);
    },
    /** Edited (editedAt) or unsent (unsentAt). */
    messageUpdated(state, action: PayloadAction<ChatMessageDto>) {
      const message = action.payload;
      const thread = state.threads[message.conversationId];
      if (thread) thread.messages = withUpdate(thread.messages, message);
      const c = state.conversations.find((x) => x.id === message.conversationId);
      if (c?.lastMessageId === message.id) c.lastMessage = message;
      if (state.editing?.id === message.id && message.unsentAt) state.editing = null;
      if (state.replyTo?.id === message.id && message.unsentAt) state.replyTo = null;
    },
    /** A read position moved: mine (another window of mine) clears the count; others' are receipts. */
    seenUpdated(state, action: PayloadAction<{ read: ChatLastReadDto; mine: boolean }>) {
      const { read, mine } = action.payload;
      if (mine) {
        const c = state.conversations.find((x) => x.id === read.conversationId);
        if (c) c.unreadMessages = 0;
      } else if (read.lastReadMessageId !== null) {
        (state.reads[read.conversationId] ??= {})[personKey(read.user)] = read.lastReadMessageId;
      }
    },
    sendRequested(_state, _action: PayloadAction<{ conversationId: number; text: string; parentId?: number }>) {},
    sendFailed(state, action: PayloadAction<{ conversationId: number; text: string }>) {
      state.failedDraft = action.payload;
    },
    failedDraftTaken(state) {
      state.failedDraft = null;
    },
    editRequested(_state, _action: PayloadAction<{ messageId: number; text: string }>) {},
    unsendRequested(_state, _action: PayloadAction<{ messageId: number }>) {},
    replyStarted(state, action: PayloadAction<ChatMessageDto>) {
      state.replyTo = action.payload;
      state.editing = null;
    },
    editStarted(state, action: PayloadAction<ChatMessageDto>) {
      state.editing = action.payload;
      state.replyTo = null;
    },
    composerReset(state) {
      state.replyTo = null;
      state.editing = null;
    },
    /** An image message came into view: fetch its bytes once (its url is not a link to them). */
    previewRequested(_state, _action: PayloadAction<number>) {},
    previewLoaded(state, action: PayloadAction<{ messageId: number; url: string }>) {
      state.previews[action.payload.messageId] = action.payload.url;
    },
    peopleRequested(state) {
      state.people.loading = true;
      state.people.error = null;
    },
    peopleLoaded(state, action: PayloadAction<{ items: EmployeeRow[] } | { error: string }>) {
      state.people.loading = false;
      if ('error' in action.payload) state.people.error = action.payload.error;
      else state.people.items = action.payload.items;
    },
    /** The floor panel opens (on a tab) or closes; closing forgets the person of the direct tab. */
    floorPanelShown(state, action: PayloadAction<{ open: boolean; tab?: FloorChatTab }>) {
      const { open, tab } = action.payload;
      state.floorPanel.open = open;
      if (tab) state.floorPanel.tab = tab;
      if (!open) {
        state.floorPanel.direct = null;
        if (state.floorPanel.tab === 'direct') state.floorPanel.tab = 'floor';
      }
    },
    /** "Send message" on a person's card: the floor panel opens on a conversation with them. */
    directChatRequested(state, action: PayloadAction<{ join: ChatJoin; name: string }>) {
      state.floorPanel = { open: true, tab: 'direct', direct: action.payload };
    },
    /** The saved chat of a room left with saveChat on (a text file). */
    savedChatDownloadRequested(_state, _action: PayloadAction<{ conversationId: number; title: string }>) {},
    ...transferReducers,
  },
  extraReducers: (builder) => builder.addCase(sessionReset, (state) => ({ ...chatInitialState, route: state.route })),
});

export const {
  chatRouteChanged,
  chatConnecting,
  chatGuestSet,
  chatConnected,
  chatDisconnected,
  chatClosed,
  historyLoaded,
  joinRequested,
  joinFailed,
  conversationJoined,
  conversationUpdated,
  conversationCleared,
  conversationOpened,
  messagesRequested,
  messagesLoaded,
  messagesFailed,
  messageReceived,
  messageUpdated,
  seenUpdated,
  sendRequested,
  sendFailed,
  failedDraftTaken,
  editRequested,
  unsendRequested,
  replyStarted,
  editStarted,
  composerReset,
  savedChatDownloadRequested,
  floorPanelShown,
  directChatRequested,
  peopleRequested,
  peopleLoaded,
  previewRequested,
  previewLoaded,
  uploadQueued,
  uploadStarted,
  uploadProgressed,
  uploadFinished,
  uploadDismissed,
  downloadQueued,
  downloadStarted,
  downloadProgressed,
  downloadFinished,
} = chatSlice.actions;
export const chatReducer = chatSlice.reducer;

export const selectChat = (state: WithChat): ChatState => state.chat;
export const selectUnreadTotal = (state: WithChat): number =>
  state.chat.conversations.reduce((sum, c) => sum + c.unreadMessages, 0);
export const selectActiveConversation = (state: WithChat): ChatConversationDto | null =>
  state.chat.conversations.find((c) => c.id === state.chat.activeId) ?? null;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    chat: ReturnType<typeof chatReducer>;
  }
}
