import { z } from 'zod';
import { safeDisplayText } from '../safe-text';
import { NAME_MAX_LENGTH } from '../../domain/constants';

/**
 * Chat uploads and downloads (spec calls §7.10), one item at a time with
 * 0–100 progress on the client.
 *
 * `POST /api/uploads?conversationId={id}` — multipart field `file` (at most
 * CHAT_UPLOAD_MAX_BYTES; the name at most 100 characters); the conversation
 * is in the query so access is checked before the body is read. Only a
 * member who may post in the conversation may upload. The type comes from
 * the bytes: an `image/*` type makes an image message, anything else a file.
 * Answer 201 `{ data: ChatUploadDto }`; send it with `chat:sendMessage`
 * { conversationId, uploadId: data.id } (once, by the uploader, in the same
 * conversation).
 *
 * `POST /api/messages/attachment` — JSON { messageId }: the bytes of an image
 * or file message, for members who can read it; answered as an attachment
 * (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`,
 * the sniffed type, `Content-Length` for the progress).
 *
 * `GET /api/chat/conversations/{id}/download` — the saved chat of a room left
 * with saveChat on (or any conversation the caller can read) as a UTF-8 text
 * file, as an attachment.
 */
/** The query of `POST uploads`. */
export const chatUploadFieldsSchema = z.object({ conversationId: z.coerce.number().int().positive() });
export const chatUploadQuerySchema = chatUploadFieldsSchema;
/** A chat attachment's name as others see it (spec §5: at most 100 characters; the one safe-text rule). */
export const chatUploadNameSchema = safeDisplayText({
  max: NAME_MAX_LENGTH,
  required: 'nameRequired',
  tooLong: 'nameTooLong',
});

export const chatUploadSchema = z.object({
  /** The upload's id for `chat:sendMessage` (32 hex digits). */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  conversationId: z.number().int().positive(),
  kind: z.enum(['image', 'file']),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
  /** Where the bytes will be downloadable from once sent (spec: "answer has url"). */
  url: z.string(),
});
export type ChatUploadDto = z.infer<typeof chatUploadSchema>;
export const chatUploadAnswerSchema = z.object({ data: chatUploadSchema });

export const chatAttachmentQuerySchema = z.object({ messageId: z.number().int().positive() });
export type ChatAttachmentQuery = z.infer<typeof chatAttachmentQuerySchema>;

/** Paths of the chat REST calls, under `/api`. */
export const CHAT_REST_PATHS = {
  upload: '/uploads',
  attachment: '/messages/attachment',
  download: (conversationId: number) => `/chat/conversations/${conversationId}/download`,
} as const;
