import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { formatMessage } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { formatBytes } from './images';

const STORED = /^[0-9a-f]{32}$/;

/** True for a name we could have made (32 hex digits, nothing else). */
export const isStoredName = (name: string): boolean => STORED.test(name);

/**
 * Uploaded files on disk under `dir`, each named by 32 random hex digits with
 * no extension, outside any web root (chat attachments, virtual backgrounds).
 * Subclasses check the received bytes before they call `write`.
 */
export class StoredFiles {
  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Reads one multipart field `file` into memory, size-limited while it streams. Run after the access checks. */
  receive(): RequestHandler {
    const upload = multer({
      storage: multer.memoryStorage(),
      // busboy refuses a file that *reaches* fileSize; "at most N MB" keeps a file of exactly N MB
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

  /** The file `receive` read; VALIDATION_FAILED when the request had none. */
  protected received(req: Request): Express.Multer.File {
    if (!req.file) throw fileRequired(req);
    return req.file;
  }

  /** Writes the bytes under a new random name (never over another file); answers the name. */
  protected async write(bytes: Buffer): Promise<string> {
    const name = crypto.randomBytes(16).toString('hex');
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx', mode: 0o640 });
    return name;
  }

  /** The path of a stored name; null for any name we could not have made. */
  locate(name: string): string | null {
    return isStoredName(name) ? path.join(this.dir, name) : null;
  }

  /** Removes a stored file (nothing for null, a name we could not have made, or a file already gone). */
  async remove(name: string | null): Promise<void> {
    const file = name ? this.locate(name) : null;
    if (file) await fs.rm(file, { force: true });
  }
}

const fileRequired = (req: Request) =>
  new AppError('VALIDATION_FAILED', {
    fields: { file: formatMessage(req.locale, 'validation.required', { attribute: 'file' }) },
  });
