// npm start: bundles the server (build/build-server.mjs, about a quarter of a second) and runs it in this
// process, with source maps so that stack traces name the TypeScript files and lines.
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const bundle = await buildServer();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
