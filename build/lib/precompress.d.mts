import type { Plugin } from 'vite';

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; answers how many files. */
export function precompressDir(dir: string): Promise<number>;
/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin;
