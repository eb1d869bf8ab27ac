import { chatSchemas, type ChatJoin } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../lib/logger';
import { on } from '../../realtime/on';
import type { IoSocket } from '../../realtime/types';
import type { User } from '../users/user.model';
import { access, open } from './chat-access';
import { chatUserChannel, type ChatContext } from './chat-context';
import { conversationDto } from './chat-dto';
import { editMessage, getMessages, lastReads, seen, sendMessage, unsendMessage } from './chat-messages';
import { roomChatMade } from './chat-places';
import { announce, clearRoomConversation, history } from './chat-rooms';

const conversationChannel = (id: number) => `chat:conversation:${id}`;

/** chat:* handlers of one socket. Every socket of a user is in their chat channel from the start. */
export function registerChatHandlers(ctx: ChatContext, logger: Logger, socket: IoSocket): void {
  const userId = socket.data.userId;
  if (!userId) return;
  void socket.join(chatUserChannel(userId));
  let cached: Promise<User> | undefined;
  /** The account behind the socket, read once per socket (names and pictures are re-read for message senders). */
  const me = () =>
    (cached ??= ctx.models.User.findByPk(userId).then((user) => {
      if (!user) throw new AppError('UNAUTHORIZED');
      return user;
    }));
  const locale = () => socket.data.locale ?? 'ja';
  const s = chatSchemas;
  const opened = async (join: ChatJoin) => {
    const user = await me();
    const { created, ...granted } = await open(ctx, user, join);
    const { conversation } = granted;
    if (created && (conversation.scope === 'private' || conversation.scope === 'participant'))
      await announce(ctx, conversation, undefined, user.id);
    // a table's chat opened for the first time: everyone at the table has it from now on
    if (created && conversation.scope === 'room') await roomChatMade(ctx, conversation, user.id);
    // the socket's open conversation (changing it leaves the previous one)
    for (const room of socket.rooms) if (room.startsWith('chat:conversation:')) void socket.leave(room);
    void socket.join(conversationChannel(granted.conversation.id));
    return { user, granted };
  };

  on(
    socket,
    'chat:getHistoryConversations',
    s['chat:getHistoryConversations'],
    async (p) => history(ctx, await me(), locale(), p?.floorId),
    logger,
  );
  on(
    socket,
    'chat:join',
    s['chat:join'],
    async (p) => {
      const { user, granted } = await opened(p);
      return conversationDto(ctx, user, granted, locale());
    },
    logger,
  );
  on(
    socket,
    'chat:getMessages',
    s['chat:getMessages'],
    async (p) => {
      const user = await me();
      return getMessages(ctx, user, await access(ctx, user, p.conversationId), p.before);
    },
    logger,
  );
  on(
    socket,
    'chat:getLastRead',
    s['chat:getLastRead'],
    async (p) => lastReads(ctx, await me(), p.conversationId),
    logger,
  );
  on(socket, 'chat:sendMessage', s['chat:sendMessage'], async (p) => sendMessage(ctx, await me(), p, locale()), logger);
  on(
    socket,
    'chat:seenMessage',
    s['chat:seenMessage'],
    async (p) => seen(ctx, await me(), p.conversationId, p.messageId),
    logger,
  );
  on(
    socket,
    'chat:editMessage',
    s['chat:editMessage'],
    async (p) => editMessage(ctx, await me(), p.messageId, p.content, locale()),
    logger,
  );
  on(
    socket,
    'chat:unsendMessage',
    s['chat:unsendMessage'],
    async (p) => unsendMessage(ctx, await me(), p.messageId),
    logger,
  );
  on(
    socket,
    'chat:getConversation',
    s['chat:getConversation'],
    async (p) => {
      const user = await me();
      return conversationDto(ctx, user, await access(ctx, user, p.conversationId), locale());
    },
    logger,
  );
  on(
    socket,
    'chat:clearRoomConversation',
    s['chat:clearRoomConversation'],
    async (p) => clearRoomConversation(ctx, await me(), p.typeId),
    logger,
  );
  on(
    socket,
    'chat:getConversationAndMessages',
    s['chat:getConversationAndMessages'],
    async (p) => {
      const scope = p.scope ?? 'room';
      const join: ChatJoin =
        scope === 'room'
          ? { scope, roomId: p.typeId }
          : scope === 'participant'
            ? { scope, participantId: p.typeId }
            : { scope, floorId: p.typeId };
      const { user, granted } = await opened(join);
      const conversation = await conversationDto(ctx, user, granted, locale());
      return { conversation, ...(await getMessages(ctx, user, granted, p.before)) };
    },
    logger,
  );
  on(
    socket,
    'chat:leave',
    s['chat:leave'],
    async (p) => {
      await access(ctx, await me(), p.conversationId);
      await socket.leave(conversationChannel(p.conversationId));
      return null;
    },
    logger,
  );
}
