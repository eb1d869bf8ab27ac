import { buildServer } from '../../../build/build-server.mjs';

let built: Promise<string> | undefined;

/**
 * The server as `npm start` runs it (build/build-server.mjs), bundled once
 * per test or bench process: child-process servers run the bundle, so what
 * they measure is the production server, not tsx's transpiled copy. Answers
 * the node arguments that start it.
 */
export async function serverEntry(): Promise<string[]> {
  built ??= buildServer();
  return ['--enable-source-maps', await built];
}
