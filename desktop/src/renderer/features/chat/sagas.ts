import type { EventChannel } from 'redux-saga';
import { call, delay, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import {
  chatAckSchemas,
  employeeRowSchema,
  pagedSchema,
  type Ack,
  type ChatMessageDto,
  type Locale,
  type UserDto,
} from '@tsudoi/common';
import { errorText } from '@tsudoi/ui/api';
import { send, setToken, type AppSocket } from '../../services/socket';
import { selectAccessToken, selectCurrentUser, tokensRefreshed } from '../auth';
import { chatIdentity, selectChatMe, type ChatIdentity, type ChatMe, type ChatRootState } from './chat-identity';
import { selectLocale } from '@tsudoi/ui/i18n';
import { chatChannel, type ChatSocketMessage } from './chat-channel';
import { CHAT_RETRY_MS, openChatSocket } from './chat-socket';
import { chatCommands, createSession, reopen, type Session } from './commands';
import { chatNotification } from './notification';
import { browserEffects } from './effects';
import {
  chatClosed,
  chatConnected,
  chatConnecting,
  chatDisconnected,
  chatGuestSet,
  conversationCleared,
  conversationUpdated,
  historyLoaded,
  messageReceived,
  messageUpdated,
  peopleLoaded,
  peopleRequested,
  seenUpdated,
  type ChatState,
  type WithChat,
} from './slice';
import { floorSoundNow } from './floor-state';
import { playsReceivedSound } from './sound';
import { transferSagas } from './transfer-sagas';
import { personKey } from './conversations';
import type { ChatSagaDeps } from './saga-deps';

export type { ChatSagaDeps } from './saga-deps';

const AUTH_CODES = new Set(['UNAUTHORIZED', 'AUTHORIZATION_FAILED']);

/** The chat socket is wanted for a signed-in verified user or a guest on their floor's live page (chat-identity). */
export function chatWanted(state: ChatRootState): boolean {
  return chatIdentity(state) !== null;
}

const isMine = (me: ChatMe, person: { userId: number | null; participantId: number | null }) =>
  personKey(person) === `u${me.id}`;

function* loadHistory(socket: AppSocket) {
  const raw: Ack<unknown> = yield call(send, socket, 'chat:getHistoryConversations', {});
  const answer = chatAckSchemas['chat:getHistoryConversations'].safeParse(raw);
  if (answer.success && answer.data.ok) yield put(historyLoaded(answer.data.data));
}

/** A message of a conversation the list does not have yet: fetch it (its unread count includes the message). */
function* unknownConversation(socket: AppSocket, conversationId: number) {
  const raw: Ack<unknown> = yield call(send, socket, 'chat:getConversation', { conversationId });
  const answer = chatAckSchemas['chat:getConversation'].safeParse(raw);
  if (answer.success && answer.data.ok) yield put(conversationUpdated(answer.data.data));
}

function* incoming(deps: ChatSagaDeps, session: Session, message: ChatMessageDto) {
  const effects = deps.effects ?? browserEffects;
  const me: ChatMe | null = yield select(selectChatMe);
  const chat: ChatState = yield select((s: WithChat) => s.chat);
  const mine = me !== null && isMine(me, message.sender);
  const conversation = chat.conversations.find((c) => c.id === message.conversationId);
  if (!conversation) yield* unknownConversation(session.socket, message.conversationId);
  else yield put(messageReceived({ message, mine }));
  const active = chat.activeId === message.conversationId;
  const visible = effects.isVisible();
  if (active && !mine)
    void send(session.socket, 'chat:seenMessage', { conversationId: message.conversationId, messageId: message.id });
  const floor: ReturnType<typeof floorSoundNow> = yield select(floorSoundNow);
  if (playsReceivedSound({ fromMe: mine, seenOnScreen: active && visible, floor })) effects.playSound();
  if (!mine && !(active && visible)) {
    const notification = chatNotification(message, conversation, me?.name ?? '');
    if (notification) effects.notify(notification);
  }
}

/** A refused handshake: renew the token once if it was the reason, then try again after 1 s (spec §4). */
function* retryConnect(deps: ChatSagaDeps, socket: AppSocket, code: string | null, guest: boolean) {
  // a guest's token is not renewed: a refused one is dropped by the live floor, which ends this socket
  if (AUTH_CODES.has(code ?? '') && !guest) {
    try {
      yield call(deps.api.get, '/auth/me');
    } catch {
      // a 401 resets the session, which closes the socket
    }
    const token: string | null = yield select(selectAccessToken);
    if (token) setToken(socket, token);
  }
  yield delay(CHAT_RETRY_MS);
  if (!socket.connected && !socket.active) socket.connect();
}

function* handle(deps: ChatSagaDeps, session: Session, message: ChatSocketMessage) {
  const { socket } = session;
  switch (message.type) {
    case 'connected':
      session.joined.clear();
      yield put(chatConnected());
      yield* loadHistory(socket);
      yield* reopen(session);
      return;
    case 'disconnected':
      yield put(chatDisconnected());
      // The server closed it: reconnect (Socket.IO does so itself for dropped connections).
      if (message.reason === 'io server disconnect')
        yield fork(retryConnect, deps, socket, null, session.guestToken !== null);
      return;
    case 'connectFailed':
      if (!socket.active) yield fork(retryConnect, deps, socket, message.code, session.guestToken !== null);
      return;
    case 'messageCreated':
      yield* incoming(deps, session, message.message);
      return;
    case 'messageUpdated':
      yield put(messageUpdated(message.message));
      return;
    case 'messageSeen': {
      const me: ChatMe | null = yield select(selectChatMe);
      yield put(seenUpdated({ read: message.read, mine: me !== null && isMine(me, message.read.user) }));
      return;
    }
    case 'conversationUpdated':
      yield put(conversationUpdated(message.conversation));
      return;
    case 'conversationCleared':
      yield put(conversationCleared({ conversationId: message.conversationId }));
      return;
  }
}

/** One life of the chat socket: open, follow its events and the user's commands, close. */
function* chatSession(deps: ChatSagaDeps, identity: ChatIdentity) {
  const locale: Locale = yield select(selectLocale);
  const { search }: { search: string } = yield select((s: WithChat) => s.chat.route);
  const { token, userId, guest } = identity;
  yield put(chatGuestSet(guest));
  yield put(chatConnecting());
  // a guest's socket is bound to its floor by the token; the route's `id` names a signed-in guest's row
  const participantId = guest ? null : new URLSearchParams(search).get('id');
  const socket: AppSocket = yield call(deps.open ?? openChatSocket, { token, locale, userId, participantId });
  const channel: EventChannel<ChatSocketMessage> = yield call(chatChannel, socket);
  try {
    const session = createSession(socket, guest ? token : null);
    yield fork(chatCommands, session);
    yield fork(transferSagas, deps, session);
    if (!guest)
      yield fork(function* followToken() {
        for (;;) {
          const renewed: ReturnType<typeof tokensRefreshed> = yield take(tokensRefreshed.type);
          setToken(socket, renewed.payload.accessToken);
        }
      });
    for (;;) {
      const message: ChatSocketMessage = yield take(channel);
      yield* handle(deps, session, message);
    }
  } finally {
    channel.close();
    socket.disconnect();
  }
}

/** Ends when the socket is no longer wanted, or must open as someone else (a guest moving to another floor). */
function* untilUnwanted(key: string) {
  for (;;) {
    yield take('*');
    const identity: ChatIdentity | null = yield select(chatIdentity);
    if (identity?.key !== key) return;
  }
}

const employeesPage = pagedSchema(employeeRowSchema);

/** The teammates one can write to: active members of my team but me. */
function* loadPeople(deps: ChatSagaDeps) {
  const me: UserDto | null = yield select(selectCurrentUser);
  try {
    const page = employeesPage.parse(yield call(deps.api.get, '/company-employees?page=1&limit=100'));
    const items = page.data.filter((row) => row.status === 'active' && row.id !== me?.id);
    yield put(peopleLoaded({ items }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(peopleLoaded({ error: errorText(error, locale) }));
  }
}

/** The chat socket's life (spec §4): opened while wanted, closed (and the chat state cleared) when not. */
export function* chatSaga(deps: ChatSagaDeps) {
  yield takeLatest(peopleRequested.type, loadPeople, deps);
  for (;;) {
    const identity: ChatIdentity | null = yield select(chatIdentity);
    if (!identity) {
      yield take('*');
      continue;
    }
    yield race({ session: call(chatSession, deps, identity), stop: call(untilUnwanted, identity.key) });
    yield put(chatClosed());
  }
}
