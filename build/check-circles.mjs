#!/usr/bin/env node
/**
 * Fails on an import circle in any workspace (issue 29): madge reads each
 * workspace's TypeScript (its tsconfig's paths and module resolution; type
 * imports count too) and lists the circles. A circle named in ALLOWED is
 * reported but tolerated; the list is empty, and a new circle fails
 * `npm test` (its lint stage). Run alone with `node build/check-circles.mjs`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = [
  ['server/src', 'server/tsconfig.json'],
  ['desktop/src', 'desktop/tsconfig.json'],
  ['web-admin/src', 'web-admin/tsconfig.json'],
  ['common/src', 'common/tsconfig.json'],
  ['common/ui/src', 'common/ui/tsconfig.json'],
];
/** Circles tolerated for now, as madge prints them ("a.ts > b.ts"): none. */
const ALLOWED = new Set([]);

let failed = 0;
for (const [dir, tsConfig] of WORKSPACES) {
  const graph = await madge(path.join(root, dir), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, tsConfig),
    excludeRegExp: [/\.d\.ts$/],
  });
  const circles = graph.circular().map((files) => files.join(' > '));
  const fresh = circles.filter((c) => !ALLOWED.has(c));
  console.log(`${dir}: ${graph.obj() ? Object.keys(graph.obj()).length : 0} files, ${circles.length} import circles`);
  for (const circle of fresh) console.log(`  ✘ ${circle}`);
  failed += fresh.length;
}
if (failed) {
  console.log(`\n${failed} import circle(s). Break each: move what both sides need into a module of its own.`);
  process.exit(1);
}
