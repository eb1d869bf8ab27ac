import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import { fileTypeFromFile } from 'file-type';
import { IMAGE_MAX_BYTES, type ErrorCode } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { receiveFile, staged } from './receive';
import { StagingStorage } from './staging';

export { formatBytes } from './format-bytes';

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

/**
 * Image uploads for logos and avatars, written once: one multipart field
 * `file`, streamed to the staging folder and size-limited while it streams,
 * its type sniffed from its first bytes on disk (never the name or the
 * declared type), then renamed under a random name with the real extension
 * into `<DATA_DIR>/uploads`, outside any web root.
 */
export class ImageStore {
  private readonly staging: StagingStorage;
  constructor(
    readonly dir: string,
    private readonly maxBytes = IMAGE_MAX_BYTES,
    /** Sniffed types accepted by this store (a floor image takes JPG and PNG only) and its refusal. */
    private readonly types: Readonly<Record<string, string>> = IMAGE_TYPES,
    private readonly unsupported: ErrorCode = 'UNSUPPORTED_IMAGE_FORMAT',
  ) {
    // beside the store, in `<DATA_DIR>/staging`: the same file system, so storing is a rename
    this.staging = new StagingStorage(path.join(path.dirname(dir), 'staging'));
  }

  /** Middleware that streams the multipart body's file to disk; run it after the access checks. */
  receive(): RequestHandler {
    return receiveFile({ staging: this.staging, maxBytes: this.maxBytes, fields: 8 });
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
    const file = staged(req);
    const sniffed = await fileTypeFromFile(file.path);
    const ext = sniffed && this.types[sniffed.mime];
    if (!ext) throw new AppError(this.unsupported);
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.rename(file.path, path.join(this.dir, name));
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
