import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { fileTypeFromBuffer } from 'file-type';
import {
  formatMessage,
  VIRTUAL_BACKGROUND_MAX_BYTES,
  VIRTUAL_BACKGROUND_TYPES,
  type VirtualBackgroundDto,
} from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { formatBytes } from '../uploads';

const STORED = /^[0-9a-f]{32}$/;
const isBackgroundType = (mime: string | undefined): mime is VirtualBackgroundDto['mimeType'] =>
  (VIRTUAL_BACKGROUND_TYPES as readonly string[]).includes(mime ?? '');

export interface StoredBackground {
  file: string;
  mimeType: VirtualBackgroundDto['mimeType'];
  size: number;
}

/**
 * Background images on disk: `<dataDir>/virtual-backgrounds/<32 hex digits>`,
 * no extension, outside any web root. JPG or PNG by the bytes (never the name
 * or the declared type); anything else is refused before a byte is written.
 */
export class BackgroundFiles {
  constructor(
    readonly dir: string,
    readonly maxBytes = VIRTUAL_BACKGROUND_MAX_BYTES,
  ) {}

  /** Reads one multipart field `file` into memory, size-limited while it streams. Run after the access checks. */
  receive(): RequestHandler {
    const upload = multer({
      storage: multer.memoryStorage(),
      // busboy refuses a file that *reaches* fileSize; "at most 5 MB" keeps a file of exactly 5 MB
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

  /** Checks and writes the received image; answers its stored name, type and size. */
  async store(req: Request): Promise<StoredBackground> {
    const received = req.file;
    if (!received) throw fileRequired(req);
    const sniffed = await fileTypeFromBuffer(received.buffer);
    if (!isBackgroundType(sniffed?.mime)) throw new AppError('UNSUPPORTED_FLOOR_IMAGE_FORMAT');
    const file = crypto.randomBytes(16).toString('hex');
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, file), received.buffer, { flag: 'wx', mode: 0o640 });
    return { file, mimeType: sniffed.mime, size: received.size };
  }

  /** The path of a stored name; null for any name we could not have made. */
  locate(file: string): string | null {
    return STORED.test(file) ? path.join(this.dir, file) : null;
  }

  /**
   * Removes stored files no row names any more (rows removed with their user,
   * floor or participant by the database's cascade); answers how many.
   */
  async sweep(known: (names: string[]) => Promise<Set<string>>): Promise<number> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const stored = names.filter((name) => STORED.test(name));
    if (stored.length === 0) return 0;
    const kept = await known(stored);
    const orphans = stored.filter((name) => !kept.has(name));
    for (const name of orphans) await this.remove(name);
    return orphans.length;
  }

  async remove(file: string): Promise<void> {
    const located = this.locate(file);
    if (located) await fs.rm(located, { force: true });
  }
}

const fileRequired = (req: Request) =>
  new AppError('VALIDATION_FAILED', {
    fields: { file: formatMessage(req.locale, 'validation.required', { attribute: 'file' }) },
  });
