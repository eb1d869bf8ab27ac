// Brotli and gzip copies of a Vite build's assets, written beside them (x.js.br, x.js.gz) when the build ends.
// The server sends the copy the browser takes (express-static-gzip), so no page load pays for compressing
// the same file again: the floor UI's scripts took about 40 ms of the server's CPU per visit that way.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Worth compressing: text and WebAssembly. Images and the model compress badly or are small. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm)$/;
/** Under this, the headers outweigh the saving. */
const MIN_BYTES = 1024;
/** Brotli's best quality is slow on big files (the 11 MB segmentation wasm): those get a quicker level. */
const SLOW_ABOVE = 2 * 1024 * 1024;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; answers how many files. */
export async function precompressDir(dir) {
  const work = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      (async () => {
        const bytes = await fs.readFile(file);
        if (bytes.length < MIN_BYTES) return;
        const quality = bytes.length > SLOW_ABOVE ? 6 : zlib.constants.BROTLI_MAX_QUALITY;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzip(bytes, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      })(),
    );
  }
  await Promise.all(work);
  return work.length;
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress() {
  let outDir = '';
  return {
    name: 'tsudoi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
