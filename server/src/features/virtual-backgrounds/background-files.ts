import type { Request } from 'express';
import { VIRTUAL_BACKGROUND_MAX_BYTES, VIRTUAL_BACKGROUND_TYPES, type VirtualBackgroundDto } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { newStoredName, StoredFiles } from '../uploads';

const isBackgroundType = (mime: string | undefined): mime is VirtualBackgroundDto['mimeType'] =>
  (VIRTUAL_BACKGROUND_TYPES as readonly string[]).includes(mime ?? '');

export interface CheckedBackground {
  staged: Express.Multer.File;
  /** The name it will be stored under. */
  file: string;
  mimeType: VirtualBackgroundDto['mimeType'];
  size: number;
}

/** A file or row younger than this may be half-way through an upload. */
const ORPHAN_GRACE_MS = 3600_000;

/**
 * Background images on disk: `<dataDir>/virtual-backgrounds/<32 hex digits>`,
 * no extension, outside any web root. JPG or PNG by the bytes (never the name
 * or the declared type); anything else is refused before it is stored.
 */
export class BackgroundFiles extends StoredFiles {
  constructor(dir: string, maxBytes = VIRTUAL_BACKGROUND_MAX_BYTES) {
    super(dir, maxBytes);
  }

  /** Checks the staged image (JPG or PNG by its first bytes); answers its future name, type and size. */
  async check(req: Request): Promise<CheckedBackground> {
    const staged = this.received(req);
    const mime = await this.sniff(staged);
    if (!isBackgroundType(mime)) throw new AppError('UNSUPPORTED_FLOOR_IMAGE_FORMAT');
    return { staged, file: newStoredName(), mimeType: mime, size: staged.size };
  }

  /**
   * Removes stored files no row names any more (rows removed with their user,
   * floor or participant by the database's cascade), once older than an hour
   * (a younger one may be an upload whose row is being written); answers how many.
   */
  async sweep(known: (names: string[]) => Promise<Set<string>>, now: Date): Promise<number> {
    const stored = (await this.list()).filter((f) => now.getTime() - f.mtimeMs > ORPHAN_GRACE_MS).map((f) => f.name);
    if (stored.length === 0) return 0;
    const kept = await known(stored);
    const orphans = stored.filter((name) => !kept.has(name));
    for (const name of orphans) await this.remove(name);
    return orphans.length;
  }
}
