import { z } from 'zod';
import { safeMultilineText } from '../safe-text';
import type { AckCallback } from './ack';

/**
 * chat:* — the chat conversation channel (spec calls §7.13, product §3/§4).
 *
 * Conversations: kind chat=1, participant=2 (a guest participant with the
 * floor's host side), QA=3. Scope says what a conversation belongs to and
 * what `typeId` is: `floor` (whole floor, typeId = floorId), `room` (a table
 * or room, typeId = roomId), `qa` (a floor's Q&A, typeId = floorId),
 * `participant` (typeId = the guest's participant id), `private` (1:1
 * between two accounts, typeId = null).
 *
 * Every message event reaches every member of the conversation (all their
 * sockets), active or not: the client appends it to the active conversation
 * and marks it seen, otherwise it grows the unread count.
 */
export const CHAT_KINDS = { chat: 1, participant: 2, qa: 3 } as const;
export type ChatKind = (typeof CHAT_KINDS)[keyof typeof CHAT_KINDS];
export const CHAT_SCOPES = ['floor', 'room', 'qa', 'participant', 'private'] as const;
export type ChatScope = (typeof CHAT_SCOPES)[number];
export const CHAT_MESSAGE_TYPES = ['text', 'image', 'file'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** Raw text limit of one message (before sanitising; HTML markup counts). */
export const CHAT_TEXT_MAX_LENGTH = 10_000;
/**
 * The rich-text tags a message may carry (spec §9.1 names none; this is ours):
 * the server's sanitiser keeps only these, the renderer builds only these.
 */
export const CHAT_RICH_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'p',
  'br',
  'ul',
  'ol',
  'li',
] as const;
export type ChatRichTag = (typeof CHAT_RICH_TAGS)[number];
/** The only link schemes (spec §9.1). */
export const CHAT_LINK_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel'] as const;
/** Messages per history page (spec §9.1 page size). */
export const CHAT_PAGE_SIZE = 20;
/**
 * Chat attachments: at most this many bytes by default (names at most 100
 * characters, spec §5); the server's CHAT_UPLOAD_MAX_SIZE may set another,
 * which the UI reads from its client config.
 */
export const CHAT_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Per sender: at most `points` messages (send and edit) per `duration` seconds. */
export const CHAT_RATE_LIMIT = { points: 30, duration: 10 } as const;

const id = z.number().int().positive();
/** A message's text: required after trimming (spec §5 "chat text empty after trimming is not sent"). */
export const chatTextSchema = safeMultilineText({
  max: CHAT_TEXT_MAX_LENGTH,
  required: 'chatTextRequired',
  tooLong: 'chatTextTooLong',
  invalidType: 'chatTextRequired',
});

export const chatJoinSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('floor'), floorId: id }),
  z.object({ scope: z.literal('qa'), floorId: id }),
  z.object({ scope: z.literal('room'), roomId: id }),
  /** A guest's conversation with the floor's host side: the guest opens theirs, a host names the guest. */
  z.object({ scope: z.literal('participant'), participantId: id }),
  /** The same conversation named by the guest's account on a floor (a host's "send message" on a guest's card). */
  z.object({ scope: z.literal('guest'), floorId: id, userId: id }),
  /** 1:1 with another account: a teammate, or someone who can see `floorId` too. */
  z.object({ scope: z.literal('private'), userId: id, floorId: id.optional() }),
]);
export const chatHistorySchema = z.object({ floorId: id.optional() }).optional();
export const chatConversationIdSchema = z.object({ conversationId: id });
export const chatMessagesQuerySchema = z.object({
  conversationId: id,
  /** Messages older than this message id (the next page back); without it the newest page. */
  before: id.optional(),
});
export const chatSendSchema = z.union([
  z.object({
    conversationId: id,
    content: chatTextSchema,
    /** The message this one replies to (same conversation). */
    parentId: id.optional(),
    /** The client's own id for the message: a resend with the same one answers the stored message. */
    clientMessageId: z.string().min(1).max(64).optional(),
  }),
  z.object({
    conversationId: id,
    /** The `id` answered by `POST uploads`; image or file is decided from the sniffed type. */
    uploadId: z.string().regex(/^[0-9a-f]{32}$/),
    parentId: id.optional(),
    clientMessageId: z.string().min(1).max(64).optional(),
  }),
]);
export const chatSeenSchema = z.object({
  conversationId: id,
  /** Read up to this message; without it up to the newest. */
  messageId: id.optional(),
});
export const chatEditSchema = z.object({ messageId: id, content: chatTextSchema });
export const chatMessageIdSchema = z.object({ messageId: id });
export const chatTypeIdSchema = z.object({ typeId: id });
export const chatConversationAndMessagesSchema = z.object({
  typeId: id,
  /** Which kind of conversation `typeId` names; a room by default. */
  scope: z.enum(['floor', 'room', 'qa', 'participant']).default('room'),
  before: id.optional(),
});

export type ChatJoin = z.infer<typeof chatJoinSchema>;
export type ChatSend = z.infer<typeof chatSendSchema>;

/** Who wrote or read: an account (userId) or an account-less guest (participantId). */
export interface ChatPersonDto {
  userId: number | null;
  participantId: number | null;
  name: string;
  /** The photo (avatar) URL. */
  avatarImageUrl: string | null;
}

export interface ChatAttachmentDto {
  /** The original file name (at most 100 characters). */
  name: string;
  size: number;
  /** The sniffed type; `image/*` makes an image message. */
  mimeType: string;
  /** Not a link to the bytes: download with `POST messages/attachment` { messageId }. */
  url: string;
  /** Set once the retention policy removed the bytes (the download is then CHAT_ATTACHMENT_EXPIRED). */
  expiredAt: string | null;
}

interface ChatMessageBase {
  id: number;
  conversationId: number;
  /** Server time in ms since the epoch; orders messages. */
  stamp: number;
  createdAt: string;
  editedAt: string | null;
  /** Set once unsent; the content is then empty. */
  unsentAt: string | null;
  /** Unsent by a host of the floor, not by its sender. */
  removedByHost: boolean;
  sender: ChatPersonDto;
  userId: number | null;
  participantId: number | null;
  parentId: number | null;
  replyTo: ChatReplyDto | null;
  clientMessageId: string | null;
}
/** Text content is sanitised HTML (allowed tags only; links http, https, ftp, mailto, tel). */
export type ChatMessageDto =
  | (ChatMessageBase & { type: 'text'; content: string })
  | (ChatMessageBase & { type: 'image' | 'file'; content: ChatAttachmentDto | null });

/** The replied-to message as shown above a reply (its text or file name; empty once unsent). */
export interface ChatReplyDto {
  id: number;
  type: ChatMessageType;
  content: string;
  sender: ChatPersonDto;
  unsentAt: string | null;
}

/** One member's read position (spec §3 "Last-read record"). */
export interface ChatLastReadDto {
  conversationId: number;
  user: ChatPersonDto;
  lastReadMessageId: number | null;
  lastReadStamp: number | null;
}

export interface ChatConversationDto {
  id: number;
  type: ChatKind;
  scope: ChatScope;
  floorId: number | null;
  typeId: number | null;
  /** Floor title, room name (in the socket's language), the other person's name, or the guest's name. */
  title: string;
  /** A participant conversation: the guest's e-mail. */
  chatEmail: string | null;
  /** The people of a private or participant conversation (empty for floor, room and QA). */
  members: ChatPersonDto[];
  createdAt: string;
  updatedAt: string;
  /** For the caller: messages by others after their last-read record. */
  unreadMessages: number;
  lastMessage: ChatMessageDto | null;
  lastMessageId: number | null;
  lastMessageStamp: number | null;
  /** The caller left a room whose chat is saved: history up to their leaving, no sending. */
  readOnly: boolean;
}

export interface ChatMessagesPage {
  conversationId: number;
  /** Oldest first. */
  messages: ChatMessageDto[];
  /** More messages exist before the first one. */
  hasMore: boolean;
}

export interface ChatClearResult {
  conversationId: number | null;
  /** saveChat was on: the caller keeps a read-only copy and can download it (`GET chat/conversations/{id}/download`). */
  saved: boolean;
}

type P<S extends z.ZodType> = z.input<S>;
export interface ChatClientEvents {
  'chat:getHistoryConversations': (
    payload: P<typeof chatHistorySchema>,
    ack: AckCallback<ChatConversationDto[]>,
  ) => void;
  'chat:join': (payload: ChatJoin, ack: AckCallback<ChatConversationDto>) => void;
  'chat:getMessages': (payload: P<typeof chatMessagesQuerySchema>, ack: AckCallback<ChatMessagesPage>) => void;
  'chat:getLastRead': (payload: P<typeof chatConversationIdSchema>, ack: AckCallback<ChatLastReadDto[]>) => void;
  'chat:sendMessage': (payload: P<typeof chatSendSchema>, ack: AckCallback<ChatMessageDto>) => void;
  'chat:seenMessage': (payload: P<typeof chatSeenSchema>, ack: AckCallback<ChatLastReadDto>) => void;
  'chat:editMessage': (payload: P<typeof chatEditSchema>, ack: AckCallback<ChatMessageDto>) => void;
  'chat:unsendMessage': (payload: P<typeof chatMessageIdSchema>, ack: AckCallback<ChatMessageDto>) => void;
  'chat:getConversation': (payload: P<typeof chatConversationIdSchema>, ack: AckCallback<ChatConversationDto>) => void;
  'chat:clearRoomConversation': (payload: P<typeof chatTypeIdSchema>, ack: AckCallback<ChatClearResult>) => void;
  'chat:getConversationAndMessages': (
    payload: P<typeof chatConversationAndMessagesSchema>,
    ack: AckCallback<{ conversation: ChatConversationDto } & ChatMessagesPage>,
  ) => void;
  'chat:leave': (payload: P<typeof chatConversationIdSchema>, ack: AckCallback<null>) => void;
}

export interface ChatServerEvents {
  /** A new message in one of the caller's conversations. */
  'chat:messageCreated': (payload: ChatMessageDto) => void;
  /** A message was edited (editedAt) or unsent (unsentAt). */
  'chat:messageUpdated': (payload: ChatMessageDto) => void;
  /** A member's read position moved (read receipts; the caller's own other windows reset their unread count). */
  'chat:messageSeen': (payload: ChatLastReadDto) => void;
  /** A conversation appeared for the caller or changed (title, members, read-only). */
  'chat:conversationUpdated': (payload: ChatConversationDto) => void;
  /** The conversation was cleared for the caller (a room left without saveChat, or emptied). */
  'chat:conversationCleared': (payload: { conversationId: number; typeId: number | null; scope: ChatScope }) => void;
}

export const chatSchemas = {
  'chat:getHistoryConversations': chatHistorySchema,
  'chat:join': chatJoinSchema,
  'chat:getMessages': chatMessagesQuerySchema,
  'chat:getLastRead': chatConversationIdSchema,
  'chat:sendMessage': chatSendSchema,
  'chat:seenMessage': chatSeenSchema,
  'chat:editMessage': chatEditSchema,
  'chat:unsendMessage': chatMessageIdSchema,
  'chat:getConversation': chatConversationIdSchema,
  'chat:clearRoomConversation': chatTypeIdSchema,
  'chat:getConversationAndMessages': chatConversationAndMessagesSchema,
  'chat:leave': chatConversationIdSchema,
} as const;
