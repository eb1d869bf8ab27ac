import type { Readable } from 'node:stream';

/**
 * Where finished recordings live. Local disk is the default; an S3-compatible
 * store (storage/s3.ts) implements the same calls; RECORDING_STORAGE chooses.
 */
export interface RecordingStorage {
  /** Moves a finished local file under `key`; answers its size in bytes. */
  put(key: string, localFile: string): Promise<number>;
  /** The stored size, or null when absent. */
  size(key: string): Promise<number | null>;
  /** The bytes `start`..`end` (inclusive) or the whole file. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** A path a local tool (ffmpeg) can read; a remote store would download to a temporary file. */
  localCopy(key: string): Promise<{ file: string; release(): Promise<void> }>;
  /** Lets go of connections (shutdown). */
  close?(): void;
}

/** Keys are made by the recorder (`<companyId>/<id>-<random>.webm`): nothing else is accepted. */
export const SAFE_KEY = /^[A-Za-z0-9/_.-]+$/;

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
  return key;
}
