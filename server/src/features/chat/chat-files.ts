import type { Request } from 'express';
import { CHAT_UPLOAD_MAX_BYTES, chatUploadNameSchema } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { zodFields } from '../../http/error-handler';
import { StoredFiles } from '../uploads';

/** A received attachment, checked and still staged. */
export interface CheckedUpload {
  staged: Express.Multer.File;
  name: string;
  size: number;
  mimeType: string;
  kind: 'image' | 'file';
}

/**
 * Chat attachments on disk: `<dataDir>/chat-files/<32 hex digits>`, no
 * extension, outside any web root; the type is sniffed from the first bytes
 * and recorded with the upload, never taken from the name or the browser.
 */
export class ChatFiles extends StoredFiles {
  constructor(dir: string, maxBytes = CHAT_UPLOAD_MAX_BYTES) {
    super(dir, maxBytes);
  }

  /** Checks the staged file: its name (at most 100 characters, the one safe-text rule), size and sniffed type. */
  async check(req: Request): Promise<CheckedUpload> {
    const file = this.received(req);
    const named = chatUploadNameSchema.safeParse(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    if (!named.success) {
      // the name's own message: too long, or characters that are not allowed (zodFields reads the ids)
      throw new AppError('VALIDATION_FAILED', { fields: { file: zodFields(named.error, req.locale)._ ?? '' } });
    }
    const mimeType = (await this.sniff(file)) ?? 'application/octet-stream';
    const kind: 'image' | 'file' = mimeType.includes('image') ? 'image' : 'file';
    return { staged: file, name: named.data, size: file.size, mimeType, kind };
  }
}
