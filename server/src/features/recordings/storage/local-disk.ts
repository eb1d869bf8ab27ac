import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey, type RecordingStorage } from './storage';

/** Recordings on the local disk (the default), under one directory. */
export class LocalDiskStorage implements RecordingStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    return path.join(this.dir, checkKey(key));
  }

  async put(key: string, localFile: string): Promise<number> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(localFile, target);
    } catch {
      await fsp.copyFile(localFile, target);
      await fsp.rm(localFile, { force: true });
    }
    return (await fsp.stat(target)).size;
  }

  async size(key: string): Promise<number | null> {
    const stat = await fsp.stat(this.pathOf(key)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.pathOf(key), range);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async localCopy(key: string) {
    return { file: this.pathOf(key), release: async () => {} };
  }
}
