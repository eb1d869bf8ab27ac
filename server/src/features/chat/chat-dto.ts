import { Op } from 'sequelize';
import type { ChatConversationDto, ChatMessageDto, ChatPersonDto, ChatReplyDto, Locale } from '@tsudoi/common';
import { effectiveRoomName } from '@tsudoi/common';
import type { User } from '../users/user.model';
import type { ChatAccess } from './chat-access';
import type { ChatContext } from './chat-context';
import type { MessageRow } from './chat.models';
import { chatPlainText } from './sanitize';

export const person = (user: Pick<User, 'id' | 'name' | 'avatarImageUrl'>, participantId: number | null = null) =>
  ({
    userId: user.id,
    participantId,
    name: user.name,
    avatarImageUrl: user.avatarImageUrl ?? null,
  }) satisfies ChatPersonDto;

/** Where an attachment is downloaded from (by message id, with the API key and a token). */
export const attachmentUrl = (messageId: number) => `/api/messages/attachment?messageId=${messageId}`;

/** The senders (and replied-to messages with their senders) of some messages, loaded at once. */
export async function messageDtos(
  ctx: ChatContext,
  rows: MessageRow[],
  /** Senders already at hand (a send knows its sender): not read again. */
  known: Pick<User, 'id' | 'name' | 'avatarImageUrl'>[] = [],
): Promise<ChatMessageDto[]> {
  const { models } = ctx;
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null))];
  const parents = parentIds.length ? await models.ChatMessage.findAll({ where: { id: parentIds } }) : [];
  const uploadIds = rows.map((r) => r.uploadId).filter((id): id is string => id !== null);
  const uploads = uploadIds.length ? await models.ChatUpload.findAll({ where: { id: uploadIds } }) : [];
  const users = new Map<number, Pick<User, 'id' | 'name' | 'avatarImageUrl'>>(known.map((u) => [u.id, u]));
  const missing = [...new Set([...rows, ...parents].map((r) => r.userId))].filter((id) => !users.has(id));
  if (missing.length)
    for (const u of await models.User.findAll({ where: { id: missing }, attributes: ['id', 'name', 'avatarImageUrl'] }))
      users.set(u.id, u);
  const sender = (row: MessageRow) => {
    const user = users.get(row.userId);
    return user
      ? person(user, row.participantId)
      : { userId: row.userId, participantId: row.participantId, name: '', avatarImageUrl: null };
  };
  const parentById = new Map(parents.map((p) => [p.id, p]));
  const uploadById = new Map(uploads.map((u) => [u.id, u]));
  return rows.map((row) => {
    const parent = row.parentId === null ? undefined : parentById.get(row.parentId);
    const replyTo: ChatReplyDto | null = parent
      ? {
          id: parent.id,
          type: parent.type,
          content: parent.unsentAt
            ? ''
            : parent.type === 'text'
              ? chatPlainText(parent.content).slice(0, 200)
              : (uploadById.get(parent.uploadId ?? '')?.name ?? parent.content),
          sender: sender(parent),
          unsentAt: parent.unsentAt?.toISOString() ?? null,
        }
      : null;
    const base = {
      id: row.id,
      conversationId: row.conversationId,
      stamp: row.stamp,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      unsentAt: row.unsentAt?.toISOString() ?? null,
      removedByHost: row.removedBy != null,
      sender: sender(row),
      userId: row.userId,
      participantId: row.participantId,
      parentId: row.parentId,
      replyTo,
      clientMessageId: row.clientMessageId,
    };
    if (row.type === 'text') return { ...base, type: 'text', content: row.unsentAt ? '' : row.content };
    const upload = row.uploadId ? uploadById.get(row.uploadId) : undefined;
    const content =
      upload && !row.unsentAt
        ? {
            name: upload.name,
            size: upload.size,
            mimeType: upload.mimeType,
            url: attachmentUrl(row.id),
            expiredAt: upload.expiredAt?.toISOString() ?? null,
          }
        : null;
    return { ...base, type: row.type, content };
  });
}

/** The messages one member sees: after what was cleared for them, up to their saved copy. */
export const visibleTo = (granted: Pick<ChatAccess, 'member' | 'readOnly'>) => ({
  [Op.gt]: granted.member?.clearedUntilId ?? 0,
  ...(granted.readOnly ? { [Op.lte]: granted.member!.savedUntilId! } : {}),
});

export const canSee = (granted: Pick<ChatAccess, 'member' | 'readOnly'>, messageId: number) =>
  messageId > (granted.member?.clearedUntilId ?? 0) &&
  (!granted.readOnly || messageId <= granted.member!.savedUntilId!);

/** The conversation as one member sees it: title in their language, unread count, last message. */
export async function conversationDto(
  ctx: ChatContext,
  user: User,
  granted: ChatAccess,
  locale: Locale,
): Promise<ChatConversationDto> {
  const { models } = ctx;
  const { conversation: c, member } = granted;
  const visible = visibleTo(granted);
  const last = await models.ChatMessage.findOne({
    where: { conversationId: c.id, id: visible },
    order: [['id', 'DESC']],
  });
  const readUpTo = Math.max(member?.lastReadMessageId ?? 0, member?.clearedUntilId ?? 0);
  const unreadMessages = member
    ? await models.ChatMessage.count({
        where: {
          conversationId: c.id,
          id: { ...visible, [Op.gt]: readUpTo },
          userId: { [Op.ne]: user.id },
          unsentAt: null,
        },
      })
    : 0;
  let title = '';
  let chatEmail: string | null = null;
  let members: ChatPersonDto[] = [];
  if (c.scope === 'floor' || c.scope === 'qa') title = (await models.Floor.findByPk(c.floorId!))?.title ?? '';
  if (c.scope === 'room') {
    const room = await models.FloorRoom.findByPk(c.typeId!);
    title = room ? effectiveRoomName(room, locale) : '';
  }
  if (c.scope === 'participant') {
    const guest = await models.FloorParticipant.findByPk(c.typeId!);
    title = guest?.name ?? '';
    chatEmail = guest?.email ?? null;
    const guestUser = guest?.userId ? await models.User.findByPk(guest.userId) : null;
    members = guestUser ? [person(guestUser, guest!.id)] : [];
  }
  if (c.scope === 'private') {
    const rows = await models.ChatMember.findAll({ where: { conversationId: c.id }, attributes: ['userId'] });
    const users = await models.User.findAll({ where: { id: rows.map((r) => r.userId) } });
    members = users.map((u) => person(u));
    title = users.find((u) => u.id !== user.id)?.name ?? '';
  }
  const [lastMessage] = last ? await messageDtos(ctx, [last]) : [];
  return {
    id: c.id,
    type: c.kind,
    scope: c.scope,
    floorId: c.floorId,
    typeId: c.typeId,
    title,
    chatEmail,
    members,
    createdAt: c.createdAt.toISOString(),
    updatedAt: (last?.createdAt ?? c.updatedAt).toISOString(),
    unreadMessages,
    lastMessage: lastMessage ?? null,
    lastMessageId: last?.id ?? null,
    lastMessageStamp: last?.stamp ?? null,
    readOnly: granted.readOnly,
  };
}
