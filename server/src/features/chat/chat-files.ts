import type { Request } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import { CHAT_UPLOAD_MAX_BYTES, chatUploadNameSchema, formatMessage } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { StoredFiles } from '../uploads';

/**
 * Chat attachments on disk: `<dataDir>/chat-files/<32 hex digits>`, no
 * extension, outside any web root; the type is sniffed from the bytes and
 * recorded with the upload, never taken from the name or the browser.
 */
export class ChatFiles extends StoredFiles {
  constructor(dir: string, maxBytes = CHAT_UPLOAD_MAX_BYTES) {
    super(dir, maxBytes);
  }

  /** Stores the received file: its new id, checked name, size and sniffed type. */
  async store(req: Request) {
    const file = this.received(req);
    const named = chatUploadNameSchema.safeParse(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    if (!named.success)
      throw new AppError('VALIDATION_FAILED', {
        fields: { file: formatMessage(req.locale, 'validation.nameTooLong') },
      });
    const sniffed = await fileTypeFromBuffer(file.buffer);
    const mimeType = sniffed?.mime ?? 'application/octet-stream';
    const id = await this.write(file.buffer);
    const kind: 'image' | 'file' = mimeType.includes('image') ? 'image' : 'file';
    return { id, name: named.data, size: file.size, mimeType, kind };
  }
}
