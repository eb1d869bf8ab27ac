import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { fileTypeFromBuffer } from 'file-type';
import { CHAT_UPLOAD_MAX_BYTES, chatUploadNameSchema, formatMessage } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { formatBytes } from '../uploads';

const STORED = /^[0-9a-f]{32}$/;

/**
 * Chat attachments on disk: `<dataDir>/chat-files/<32 hex digits>`, no
 * extension, outside any web root; the type is sniffed from the bytes and
 * recorded with the upload, never taken from the name or the browser.
 */
export class ChatFiles {
  constructor(
    readonly dir: string,
    readonly maxBytes = CHAT_UPLOAD_MAX_BYTES,
  ) {}

  /** Reads one multipart field `file` into memory, size-limited while it streams. Run after the access check. */
  receive(): RequestHandler {
    const upload = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: this.maxBytes + 1, files: 1, fields: 4, parts: 5 },
    }).single('file');
    return (req, res, next) =>
      upload(req, res, (error: unknown) => {
        if (!error) return next();
        if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE')
          return next(new AppError('FILE_TOO_LARGE', { values: { size: formatBytes(this.maxBytes) } }));
        if (error instanceof MulterError && error.code === 'LIMIT_UNEXPECTED_FILE') return next(fileRequired(req));
        next(error instanceof AppError ? error : new AppError('BAD_REQUEST'));
      });
  }

  /** Stores the received file: its new id, checked name, size and sniffed type. */
  async store(req: Request) {
    const file = req.file;
    if (!file) throw fileRequired(req);
    const named = chatUploadNameSchema.safeParse(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    if (!named.success)
      throw new AppError('VALIDATION_FAILED', {
        fields: { file: formatMessage(req.locale, 'validation.nameTooLong') },
      });
    const sniffed = await fileTypeFromBuffer(file.buffer);
    const mimeType = sniffed?.mime ?? 'application/octet-stream';
    const id = crypto.randomBytes(16).toString('hex');
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, id), file.buffer, { flag: 'wx', mode: 0o640 });
    const kind: 'image' | 'file' = mimeType.includes('image') ? 'image' : 'file';
    return { id, name: named.data, size: file.size, mimeType, kind };
  }

  locate(id: string): string | null {
    return STORED.test(id) ? path.join(this.dir, id) : null;
  }

  async remove(id: string | null): Promise<void> {
    const file = id ? this.locate(id) : null;
    if (file) await fs.rm(file, { force: true });
  }
}

const fileRequired = (req: Request) =>
  new AppError('VALIDATION_FAILED', {
    fields: { file: formatMessage(req.locale, 'validation.required', { attribute: 'file' }) },
  });
