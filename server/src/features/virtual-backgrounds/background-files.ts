import fs from 'node:fs/promises';
import type { Request } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import { VIRTUAL_BACKGROUND_MAX_BYTES, VIRTUAL_BACKGROUND_TYPES, type VirtualBackgroundDto } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { isStoredName, StoredFiles } from '../uploads';

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
export class BackgroundFiles extends StoredFiles {
  constructor(dir: string, maxBytes = VIRTUAL_BACKGROUND_MAX_BYTES) {
    super(dir, maxBytes);
  }

  /** Checks and writes the received image; answers its stored name, type and size. */
  async store(req: Request): Promise<StoredBackground> {
    const received = this.received(req);
    const sniffed = await fileTypeFromBuffer(received.buffer);
    if (!isBackgroundType(sniffed?.mime)) throw new AppError('UNSUPPORTED_FLOOR_IMAGE_FORMAT');
    const file = await this.write(received.buffer);
    return { file, mimeType: sniffed.mime, size: received.size };
  }

  /**
   * Removes stored files no row names any more (rows removed with their user,
   * floor or participant by the database's cascade); answers how many.
   */
  async sweep(known: (names: string[]) => Promise<Set<string>>): Promise<number> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const stored = names.filter(isStoredName);
    if (stored.length === 0) return 0;
    const kept = await known(stored);
    const orphans = stored.filter((name) => !kept.has(name));
    for (const name of orphans) await this.remove(name);
    return orphans.length;
  }
}
