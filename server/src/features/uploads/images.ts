import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { fileTypeFromBuffer } from 'file-type';
import { formatMessage, IMAGE_MAX_BYTES, type ErrorCode } from '@tsudoi/common';
import { AppError } from '../../http/app-error';

/** The image types a logo or avatar may have (spec §5), by the type sniffed from the bytes. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};
const TYPE_OF_EXT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]),
);

/** Where stored files are served (see files.routes.ts). */
export const FILES_PATH = '/api/files';
/** A stored name: 32 random hex digits and one of our extensions. Nothing else is ever read from disk. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/;

/** 3145728 → "3 MB" (units Bytes to YB, at most 2 decimals, trailing zeros dropped). */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  const power = bytes > 0 ? Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1) : 0;
  return `${Number((bytes / 1024 ** power).toFixed(2))} ${units[power]}`;
}

function uploadError(error: unknown, req: Request, maxBytes: number): AppError | unknown {
  if (!(error instanceof MulterError)) {
    // busboy's own complaints (a broken multipart body) are the client's fault
    return error instanceof Error && !(error instanceof AppError) ? new AppError('BAD_REQUEST') : error;
  }
  if (error.code === 'LIMIT_FILE_SIZE')
    return new AppError('FILE_TOO_LARGE', { values: { size: formatBytes(maxBytes) } });
  if (error.code === 'LIMIT_UNEXPECTED_FILE') return fileRequired(req);
  return new AppError('BAD_REQUEST');
}

const fileRequired = (req: Request) =>
  new AppError('VALIDATION_FAILED', {
    fields: { file: formatMessage(req.locale, 'validation.required', { attribute: 'file' }) },
  });

/**
 * Image uploads for logos and avatars, written once: one multipart field
 * `file`, size-limited while it streams, its type sniffed from the bytes
 * (never the name or the declared type), stored under a random name with the
 * real extension in `<DATA_DIR>/uploads`, outside any web root.
 */
export class ImageStore {
  constructor(
    readonly dir: string,
    private readonly maxBytes = IMAGE_MAX_BYTES,
    /** Sniffed types accepted by this store (a floor image takes JPG and PNG only) and its refusal. */
    private readonly types: Readonly<Record<string, string>> = IMAGE_TYPES,
    private readonly unsupported: ErrorCode = 'UNSUPPORTED_IMAGE_FORMAT',
  ) {}

  /** Middleware that reads the multipart body into memory; run it after the access checks. */
  receive(): RequestHandler {
    const upload = multer({
      storage: multer.memoryStorage(),
      // busboy refuses a file that *reaches* fileSize; "at most 3 MB" keeps a file of exactly 3 MB
      limits: { fileSize: this.maxBytes + 1, files: 1, fields: 8, parts: 9 },
    }).single('file');
    return (req, res, next) =>
      upload(req, res, (error: unknown) => next(error ? uploadError(error, req, this.maxBytes) : undefined));
  }

  /**
   * Stores the received image, lets `save` record its URL, then removes the
   * image it replaces. When `save` fails the new file is removed: a failure
   * changes nothing.
   */
  async replace<T>(req: Request, previousUrl: string | null, save: (url: string) => Promise<T>): Promise<T> {
    const url = await this.store(req);
    let result: T;
    try {
      result = await save(url);
    } catch (error) {
      await this.remove(url);
      throw error;
    }
    await this.remove(previousUrl);
    return result;
  }

  /** Path and sniffed type of a stored file, or null for any name we could not have made. */
  locate(name: string): { file: string; type: string } | null {
    if (!STORED_NAME.test(name)) return null;
    return { file: path.join(this.dir, name), type: TYPE_OF_EXT[name.slice(33)]! };
  }

  private async store(req: Request): Promise<string> {
    if (!req.file) throw fileRequired(req);
    const sniffed = await fileTypeFromBuffer(req.file.buffer);
    const ext = sniffed && this.types[sniffed.mime];
    if (!ext) throw new AppError(this.unsupported);
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), req.file.buffer, { flag: 'wx', mode: 0o640 });
    return `${FILES_PATH}/${name}`;
  }

  /** A copy of a stored image under a new name, so each owner can replace its own; null for none. */
  async copy(url: string | null): Promise<string | null> {
    const stored = this.locate(url?.startsWith(`${FILES_PATH}/`) ? url.slice(FILES_PATH.length + 1) : '');
    if (!stored) return null;
    const name = `${crypto.randomBytes(16).toString('hex')}${path.extname(stored.file)}`;
    await fs.copyFile(stored.file, path.join(this.dir, name), fs.constants.COPYFILE_EXCL);
    return `${FILES_PATH}/${name}`;
  }

  /** Removes a stored image by its URL (nothing for null or a URL that is not ours). */
  async remove(url: string | null): Promise<void> {
    const name = url?.startsWith(`${FILES_PATH}/`) ? url.slice(FILES_PATH.length + 1) : '';
    const stored = this.locate(name);
    if (stored) await fs.rm(stored.file, { force: true });
  }
}
