// The server as one ES module: server/dist/main.mjs (and its source map), bundled by esbuild from
// server/src/main.ts with @tsudoi/common inside and every npm package left to node_modules.
//
// Why not tsx at run time: tsx transpiles with esbuild's keepNames, which wraps every function made at
// run time in a defineProperty(fn, 'name'). Each closure then carries its own property store (about 250
// bytes) and costs a slow-path call to create: 50 KB more memory per connected socket, and a third of the
// fan-out p99 at 20 floors × 50 users (docs/decisions/0399-npm-start-bundles-the-server-with-esbuild-and-runs.md).
//
//   node build/build-server.mjs      (npm start does it first; about a quarter of a second)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'server', 'dist', 'main.mjs');

/** npm packages stay imports (native modules, mediasoup's worker, Sequelize's dialects); our workspaces are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tsudoi/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Bundles the server; answers the bundle's path. Written beside and renamed, so a running reader never sees half. */
export async function buildServer() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/src/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    plugins: [packagesOutside],
    // CommonJS packages imported by bundled code may call require()
    banner: {
      js: "import { createRequire as __tsudoiRequire } from 'node:module';\nconst require = __tsudoiRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  await fs.mkdir(path.dirname(SERVER_BUNDLE), { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  for (const file of result.outputFiles) await fs.writeFile(file.path + suffix, file.contents);
  for (const file of result.outputFiles) await fs.rename(file.path + suffix, file.path);
  return SERVER_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
