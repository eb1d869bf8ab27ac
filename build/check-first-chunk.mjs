#!/usr/bin/env node
/**
 * The first screen's size budget (the floor UI's entry script, the chunks it
 * preloads and its stylesheet, as desktop/dist/web/index.html names them):
 * what every page open downloads, parses and compiles before anything shows.
 * `npm test` runs it after the UI build; a change that grows it past the
 * budget fails with the figures. Budgets are gzip bytes (what the browser
 * downloads; the server sends Brotli, a little smaller) and raw bytes (what
 * it parses). Run alone with `node build/check-first-chunk.mjs` after
 * `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'desktop/dist/web');
/** Measured on 29 November 2026 (1,224 kB raw, 342 kB gzip) plus a little room; lower them as the first chunk shrinks. */
export const BUDGET = { rawKb: 1_250, gzipKb: 350 };

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g),
].map((m) => m[1]);
if (files.length === 0) {
  console.log(`✘ no script in ${path.relative(root, dist)}/index.html: build the UI first (npm run build)`);
  process.exit(1);
}
const kb = (bytes) => Math.round(bytes / 1024);
let raw = 0;
let gzip = 0;
for (const file of files) {
  const bytes = fs.readFileSync(path.join(dist, file));
  const packed = zlib.gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += packed;
  console.log(
    `  ${file.padEnd(40)} ${String(kb(bytes.length)).padStart(5)} kB  ${String(kb(packed)).padStart(4)} kB gzip`,
  );
}
console.log(
  `first screen: ${kb(raw)} kB raw, ${kb(gzip)} kB gzip (budget ${BUDGET.rawKb} kB raw, ${BUDGET.gzipKb} kB gzip)`,
);
if (kb(raw) > BUDGET.rawKb || kb(gzip) > BUDGET.gzipKb) {
  console.log(
    '✘ the first screen grew past its budget: load what the first screen does not need lazily (a page of its own, ' +
      'import() on first use), or raise the budget in build/check-first-chunk.mjs with the reason in the commit',
  );
  process.exit(1);
}
