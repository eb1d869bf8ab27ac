import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';

const STAGED = /^[0-9a-f]{32}\.part$/;

/**
 * multer storage that streams each received file to `<dir>/<32 hex>.part`
 * as it arrives: never more than a stream buffer of it in memory. A file cut
 * by the size limit, or one whose request was aborted, is removed; what a
 * route does not adopt (rename into its store) is removed when the answer is
 * sent (see receive.ts). Staged files live on the same file system as the
 * stores, so adopting one is a rename.
 */
export class StagingStorage implements StorageEngine {
  constructor(readonly dir: string) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    const filename = `${crypto.randomBytes(16).toString('hex')}.part`;
    const target = path.join(this.dir, filename);
    void (async () => {
      await fs.mkdir(this.dir, { recursive: true });
      const out = createWriteStream(target, { flags: 'wx', mode: 0o640 });
      // a client that goes away mid-file leaves busboy's stream open: end the write ourselves
      const aborted = () => {
        if (!req.complete) out.destroy(new Error('upload aborted'));
      };
      req.once('close', aborted);
      if (req.destroyed) aborted(); // it went away while the folder was made
      try {
        await pipeline(file.stream, out);
      } finally {
        req.off('close', aborted);
      }
      return out.bytesWritten;
    })().then(
      (size) => callback(null, { destination: this.dir, filename, path: target, size }),
      (error: unknown) => {
        fs.rm(target, { force: true }).finally(() => callback(error));
      },
    );
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    fs.rm(file.path, { force: true }).then(
      () => callback(null),
      (error: unknown) => callback(error as Error),
    );
  }

  /** Removes staged files older than `maxAgeMs` at `now` (left by a crash); answers how many. */
  async sweep(now: Date, maxAgeMs: number): Promise<number> {
    const names = (await fs.readdir(this.dir).catch(() => [] as string[])).filter((n) => STAGED.test(n));
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now.getTime() - stat.mtimeMs > maxAgeMs) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
