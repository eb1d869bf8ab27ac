import type { ChatConversationDto, ChatMessageDto } from '@tsudoi/common';

/** Protocol-shaped data for the chat's unit tests. */
export const person = (userId: number, name = `User ${userId}`) => ({
  userId,
  participantId: null,
  name,
  avatarImageUrl: null,
});

export function textMessage(id: number, conversationId: number, senderId: number, extra: Partial<ChatMessageDto> = {}) {
  return {
    id,
    conversationId,
    type: 'text',
    content: `message ${id}`,
    stamp: 1_700_000_000_000 + id * 1000,
    createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
    editedAt: null,
    unsentAt: null,
    sender: person(senderId),
    userId: senderId,
    participantId: null,
    parentId: null,
    replyTo: null,
    clientMessageId: null,
    ...extra,
  } as ChatMessageDto;
}

export function conversation(id: number, extra: Partial<ChatConversationDto> = {}): ChatConversationDto {
  return {
    id,
    type: 1,
    scope: 'floor',
    floorId: 1,
    typeId: id,
    title: `Conversation ${id}`,
    chatEmail: null,
    members: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    unreadMessages: 0,
    lastMessage: null,
    lastMessageId: null,
    lastMessageStamp: null,
    readOnly: false,
    ...extra,
  };
}
