// Bundles the Electron main process and the preload into CommonJS files that
// need nothing but Electron at run time: dist-electron/{main,preload}/index.cjs,
// and draws the tray icons into dist-electron/tray/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeTrayIcons } from './tray-icons.mjs';

const desktop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  absWorkingDir: desktop,
  entryPoints: { 'main/index': 'src/main/index.ts', 'preload/index': 'src/preload/index.ts' },
  outdir: 'dist-electron',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22', // Electron 37
  external: ['electron'],
  sourcemap: true,
  logLevel: 'info',
});
writeTrayIcons(path.join(desktop, 'dist-electron/tray'));
