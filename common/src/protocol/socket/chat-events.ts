import { z } from 'zod';
import type { Ack } from './ack';
import { ackSchema } from './floor-events';
import {
  CHAT_MESSAGE_TYPES,
  CHAT_SCOPES,
  type ChatClearResult,
  type ChatConversationDto,
  type ChatLastReadDto,
  type ChatMessageDto,
  type ChatMessagesPage,
  type ChatServerEvents,
} from './chat';

/**
 * Client-side checks of what the server sends on the chat channel: the
 * acknowledgement answers and the chat:* server events (types in chat.ts;
 * the `Fits` list below keeps both in step at compile time).
 */
const id = z.number().int().positive();
const iso = z.string();

export const chatPersonSchema = z.object({
  userId: id.nullable(),
  participantId: id.nullable(),
  name: z.string(),
  avatarImageUrl: z.string().nullable(),
});
export const chatAttachmentSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
  url: z.string(),
  expiredAt: iso.nullable(),
});
export const chatReplySchema = z.object({
  id,
  type: z.enum(CHAT_MESSAGE_TYPES),
  content: z.string(),
  sender: chatPersonSchema,
  unsentAt: iso.nullable(),
});
const messageBase = {
  id,
  conversationId: id,
  stamp: z.number().int(),
  createdAt: iso,
  editedAt: iso.nullable(),
  unsentAt: iso.nullable(),
  removedByHost: z.boolean().default(false),
  sender: chatPersonSchema,
  userId: id.nullable(),
  participantId: id.nullable(),
  parentId: id.nullable(),
  replyTo: chatReplySchema.nullable(),
  clientMessageId: z.string().nullable(),
};
export const chatMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...messageBase, type: z.literal('text'), content: z.string() }),
  z.object({ ...messageBase, type: z.enum(['image', 'file']), content: chatAttachmentSchema.nullable() }),
]);
export const chatLastReadSchema = z.object({
  conversationId: id,
  user: chatPersonSchema,
  lastReadMessageId: id.nullable(),
  lastReadStamp: z.number().int().nullable(),
});
export const chatConversationSchema = z.object({
  id,
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  scope: z.enum(CHAT_SCOPES),
  floorId: id.nullable(),
  typeId: id.nullable(),
  title: z.string(),
  chatEmail: z.string().nullable(),
  members: z.array(chatPersonSchema),
  createdAt: iso,
  updatedAt: iso,
  unreadMessages: z.number().int().nonnegative(),
  lastMessage: chatMessageSchema.nullable(),
  lastMessageId: id.nullable(),
  lastMessageStamp: z.number().int().nullable(),
  readOnly: z.boolean(),
});
export const chatMessagesPageSchema = z.object({
  conversationId: id,
  messages: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export const chatConversationAndMessagesAnswerSchema = chatMessagesPageSchema.extend({
  conversation: chatConversationSchema,
});
export const chatClearResultSchema = z.object({ conversationId: id.nullable(), saved: z.boolean() });
export const chatConversationClearedSchema = z.object({
  conversationId: id,
  typeId: id.nullable(),
  scope: z.enum(CHAT_SCOPES),
});

/** The schema of each chat:* server event's payload. */
export const chatEventSchemas = {
  'chat:messageCreated': chatMessageSchema,
  'chat:messageUpdated': chatMessageSchema,
  'chat:messageSeen': chatLastReadSchema,
  'chat:conversationUpdated': chatConversationSchema,
  'chat:conversationCleared': chatConversationClearedSchema,
} as const;

/** The schema of each chat:* acknowledgement (use with `request` and `safeParse`). */
export const chatAckSchemas = {
  'chat:getHistoryConversations': ackSchema(z.array(chatConversationSchema)),
  'chat:join': ackSchema(chatConversationSchema),
  'chat:getMessages': ackSchema(chatMessagesPageSchema),
  'chat:getLastRead': ackSchema(z.array(chatLastReadSchema)),
  'chat:sendMessage': ackSchema(chatMessageSchema),
  'chat:seenMessage': ackSchema(chatLastReadSchema),
  'chat:editMessage': ackSchema(chatMessageSchema),
  'chat:unsendMessage': ackSchema(chatMessageSchema),
  'chat:getConversation': ackSchema(chatConversationSchema),
  'chat:clearRoomConversation': ackSchema(chatClearResultSchema),
  'chat:getConversationAndMessages': ackSchema(chatConversationAndMessagesAnswerSchema),
  'chat:leave': ackSchema(z.null()),
} as const;

type Payload<E extends keyof ChatServerEvents> = Parameters<ChatServerEvents[E]>[0];
type Fits<A extends B, B> = [A, B];
/** Compile-time agreement of the schemas with the protocol types (fails to build when they drift). */
export type ChatEventSchemasFit = [
  Fits<z.infer<typeof chatMessageSchema>, ChatMessageDto>,
  Fits<ChatMessageDto, z.infer<typeof chatMessageSchema>>,
  Fits<z.infer<typeof chatConversationSchema>, ChatConversationDto>,
  Fits<ChatConversationDto, z.infer<typeof chatConversationSchema>>,
  Fits<z.infer<typeof chatLastReadSchema>, ChatLastReadDto>,
  Fits<z.infer<typeof chatMessagesPageSchema>, ChatMessagesPage>,
  Fits<z.infer<typeof chatClearResultSchema>, ChatClearResult>,
  Fits<z.infer<typeof chatConversationClearedSchema>, Payload<'chat:conversationCleared'>>,
  Fits<z.infer<(typeof chatAckSchemas)['chat:sendMessage']>, Ack<ChatMessageDto>>,
];
