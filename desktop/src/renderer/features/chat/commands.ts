import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  chatAckSchemas,
  formatMessage,
  type Ack,
  type ChatConversationDto,
  type ChatJoin,
  type Locale,
} from '@tsudoi/common';
import { send, type AppSocket } from '../../services/socket';
import { selectChatMe, type ChatMe } from './chat-identity';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { textToSend } from './chat-text';
import { toContent } from './rich-text';
import {
  conversationJoined,
  conversationOpened,
  composerReset,
  editRequested,
  joinFailed,
  joinRequested,
  messageReceived,
  messagesFailed,
  messagesLoaded,
  messagesRequested,
  messageUpdated,
  sendFailed,
  sendRequested,
  unsendRequested,
  type ChatState,
  type ChatThread,
  type WithChat,
} from './slice';

/** What the command sagas share for one socket: which conversations it has joined, which one is open. */
export interface Session {
  socket: AppSocket;
  joined: Set<number>;
  open: number | null;
  /** An account-less guest's session token (uploads and downloads use it); null signed in. */
  guestToken: string | null;
}

export const createSession = (socket: AppSocket, guestToken: string | null = null): Session => ({
  socket,
  joined: new Set(),
  open: null,
  guestToken,
});

/** A client id for a message (a resend with it is answered with the stored message). */
export const newClientId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The chat:join payload that reaches an existing conversation again; null for a saved (read-only) one. */
export function joinOf(c: ChatConversationDto, myUserId: number): ChatJoin | null {
  if (c.readOnly) return null;
  if (c.scope === 'private') {
    const other = c.members.find((m) => m.userId !== null && m.userId !== myUserId);
    return other?.userId ? { scope: 'private', userId: other.userId } : null;
  }
  if (c.typeId === null) return null;
  if (c.scope === 'room') return { scope: 'room', roomId: c.typeId };
  if (c.scope === 'participant') return { scope: 'participant', participantId: c.typeId };
  return { scope: c.scope, floorId: c.typeId };
}

function* failure(error: { message: string } | null) {
  const locale: Locale = yield select(selectLocale);
  yield put(notify({ kind: 'error', message: error?.message || formatMessage(locale, 'errors.SOMETHING_WENT_WRONG') }));
}

const chatOf = (s: WithChat): ChatState => s.chat;

/** Joins (once per socket), loads the newest page and marks the conversation seen. */
export function* enter(session: Session, conversationId: number) {
  const chat: ChatState = yield select(chatOf);
  const me: ChatMe | null = yield select(selectChatMe);
  const conversation = chat.conversations.find((c) => c.id === conversationId);
  if (conversation && me && !session.joined.has(conversationId)) {
    const payload = joinOf(conversation, me.id);
    if (payload) yield call(send, session.socket, 'chat:join', payload);
    session.joined.add(conversationId);
  }
  yield put(messagesRequested({ conversationId }));
  void send(session.socket, 'chat:seenMessage', { conversationId });
}

/** After a reconnect: the open conversation again (messages may have been missed). */
export function* reopen(session: Session) {
  const chat: ChatState = yield select(chatOf);
  session.open = chat.activeId;
  if (chat.activeId !== null) yield* enter(session, chat.activeId);
}

function* join(session: Session, action: ReturnType<typeof joinRequested>) {
  const raw: Ack<unknown> = yield call(send, session.socket, 'chat:join', action.payload);
  const answer = chatAckSchemas['chat:join'].safeParse(raw);
  if (!answer.success || !answer.data.ok) {
    yield put(joinFailed());
    yield* failure(answer.success && !answer.data.ok ? answer.data.error : null);
    return;
  }
  session.joined.add(answer.data.data.id);
  yield put(conversationJoined(answer.data.data));
  yield put(conversationOpened(answer.data.data.id));
}

/** Changing the active conversation leaves the previous one (spec §4). */
function* opened(session: Session, action: ReturnType<typeof conversationOpened>) {
  const previous = session.open;
  session.open = action.payload;
  if (previous !== null && previous !== action.payload) {
    session.joined.delete(previous);
    void send(session.socket, 'chat:leave', { conversationId: previous });
  }
  if (action.payload !== null) yield* enter(session, action.payload);
}

function* loadMessages(session: Session, action: ReturnType<typeof messagesRequested>) {
  const { conversationId, older } = action.payload;
  const thread: ChatThread | undefined = yield select((s: WithChat) => s.chat.threads[conversationId]);
  const before = older ? thread?.messages[0]?.id : undefined;
  if (older && before === undefined) return void (yield put(messagesFailed(conversationId)));
  const payload = before === undefined ? { conversationId } : { conversationId, before };
  const raw: Ack<unknown> = yield call(send, session.socket, 'chat:getMessages', payload);
  const answer = chatAckSchemas['chat:getMessages'].safeParse(raw);
  if (answer.success && answer.data.ok) yield put(messagesLoaded({ page: answer.data.data, older: !!older }));
  else {
    yield put(messagesFailed(conversationId));
    yield* failure(answer.success && !answer.data.ok ? answer.data.error : null);
  }
}

function* sendText(session: Session, action: ReturnType<typeof sendRequested>) {
  const { conversationId, text, parentId } = action.payload;
  const trimmed = textToSend(text);
  if (trimmed === null) return; // spec §5: empty after trimming is not sent
  const payload = { conversationId, content: toContent(trimmed), clientMessageId: newClientId() };
  const raw: Ack<unknown> = yield call(
    send,
    session.socket,
    'chat:sendMessage',
    parentId ? { ...payload, parentId } : payload,
  );
  const answer = chatAckSchemas['chat:sendMessage'].safeParse(raw);
  if (answer.success && answer.data.ok) yield put(messageReceived({ message: answer.data.data, mine: true }));
  else {
    yield put(sendFailed({ conversationId, text }));
    yield* failure(answer.success && !answer.data.ok ? answer.data.error : null);
  }
}

function* edit(session: Session, action: ReturnType<typeof editRequested>) {
  const text = textToSend(action.payload.text);
  if (text === null) return;
  const payload = { messageId: action.payload.messageId, content: toContent(text) };
  const raw: Ack<unknown> = yield call(send, session.socket, 'chat:editMessage', payload);
  const answer = chatAckSchemas['chat:editMessage'].safeParse(raw);
  if (answer.success && answer.data.ok) {
    yield put(messageUpdated(answer.data.data));
    yield put(composerReset());
  } else yield* failure(answer.success && !answer.data.ok ? answer.data.error : null);
}

function* unsend(session: Session, action: ReturnType<typeof unsendRequested>) {
  const raw: Ack<unknown> = yield call(send, session.socket, 'chat:unsendMessage', action.payload);
  const answer = chatAckSchemas['chat:unsendMessage'].safeParse(raw);
  if (answer.success && answer.data.ok) yield put(messageUpdated(answer.data.data));
  else yield* failure(answer.success && !answer.data.ok ? answer.data.error : null);
}

/** The user's chat commands on this socket. */
export function* chatCommands(session: Session) {
  yield all([
    takeLatest(joinRequested.type, join, session),
    takeEvery(conversationOpened.type, opened, session),
    takeEvery(messagesRequested.type, loadMessages, session),
    takeEvery(sendRequested.type, sendText, session),
    takeEvery(editRequested.type, edit, session),
    takeEvery(unsendRequested.type, unsend, session),
  ]);
}
