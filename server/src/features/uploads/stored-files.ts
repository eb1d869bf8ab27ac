import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import { fileTypeFromFile } from 'file-type';
import { receiveFile, staged } from './receive';
import { StagingStorage } from './staging';

const STORED = /^[0-9a-f]{32}$/;

/** True for a name we could have made (32 hex digits, nothing else). */
export const isStoredName = (name: string): boolean => STORED.test(name);

/** A new stored name: 32 random hex digits. */
export const newStoredName = (): string => crypto.randomBytes(16).toString('hex');

/**
 * Uploaded files on disk under `dir`, each named by 32 random hex digits with
 * no extension, outside any web root (chat attachments, virtual backgrounds).
 * A received file is streamed to `<dir>/../staging` first; subclasses check
 * it there (its type is sniffed from its first bytes) and then `adopt` it.
 */
export class StoredFiles {
  readonly staging: StagingStorage;
  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {
    this.staging = new StagingStorage(path.join(path.dirname(dir), 'staging'));
  }

  /** Streams one multipart field `file` to disk, size-limited while it streams. Run after the access checks. */
  receive(): RequestHandler {
    return receiveFile({ staging: this.staging, maxBytes: this.maxBytes, fields: 4 });
  }

  /** The file `receive` staged; VALIDATION_FAILED when the request had none. */
  protected received(req: Request): Express.Multer.File {
    return staged(req);
  }

  /** The type sniffed from a staged file's first bytes (undefined when unknown). */
  protected async sniff(file: Express.Multer.File): Promise<string | undefined> {
    return (await fileTypeFromFile(file.path))?.mime;
  }

  /** Moves a staged file into the store under `name` (never over another file). */
  async adopt(file: Pick<Express.Multer.File, 'path'>, name: string = newStoredName()): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    if (await fs.stat(target).catch(() => null)) throw new Error(`stored file ${name} exists`);
    await fs.rename(file.path, target);
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

  /** The stored names in the folder (only names we could have made), with their modification times. */
  async list(): Promise<{ name: string; mtimeMs: number }[]> {
    const names = (await fs.readdir(this.dir).catch(() => [] as string[])).filter(isStoredName);
    const found = await Promise.all(
      names.map(async (name) => {
        const stat = await fs.stat(path.join(this.dir, name)).catch(() => null);
        return stat ? { name, mtimeMs: stat.mtimeMs } : null;
      }),
    );
    return found.filter((f): f is { name: string; mtimeMs: number } => f !== null);
  }

  /** Whether a stored file is on disk. */
  async exists(name: string): Promise<boolean> {
    const file = this.locate(name);
    return file !== null && (await fs.stat(file).catch(() => null)) !== null;
  }
}
