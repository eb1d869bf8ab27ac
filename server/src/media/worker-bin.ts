import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export const MEDIASOUP_VERSION = '3.12.16';

/** Where build/mediasoup-worker.mjs caches the worker it built from source. */
export function cachedWorkerPath(env: NodeJS.ProcessEnv = process.env): string {
  const root = env.TSUDOI_CACHE_DIR || path.join(os.homedir(), '.cache', 'tsudoi');
  return path.join(root, 'mediasoup-worker', MEDIASOUP_VERSION, 'mediasoup-worker');
}

function packagedWorkerPath(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('mediasoup/package.json');
    return path.join(path.dirname(pkg), 'worker', 'out', 'Release', 'mediasoup-worker');
  } catch {
    return undefined;
  }
}

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Finds the mediasoup-worker binary without extra configuration: an explicit
 * MEDIASOUP_WORKER_BIN, else the one inside the mediasoup package (prebuilt
 * download, or the copy setup placed there), else the offline build cache.
 */
export function resolveWorkerBin(explicit?: string): string {
  const candidates = [explicit, packagedWorkerPath(), cachedWorkerPath()].filter((c): c is string => !!c);
  const found = candidates.find(isExecutable);
  if (!found) {
    throw new Error(
      `No mediasoup-worker binary found (looked at: ${candidates.join(', ')}). Run "npm run setup" to build it.`,
    );
  }
  return found;
}

/**
 * Loads mediasoup with the worker binary set. mediasoup reads
 * MEDIASOUP_WORKER_BIN once, when it is first imported, so this must run
 * before any other import of 'mediasoup'.
 */
export async function loadMediasoup(explicitBin?: string) {
  process.env.MEDIASOUP_WORKER_BIN = resolveWorkerBin(explicitBin);
  return import('mediasoup');
}
