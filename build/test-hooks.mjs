/**
 * The unit stage's loader hooks (`mocha -n import=tsx -n import=build/test-hooks.mjs`):
 * a stylesheet or an image a renderer module imports (`import './x.css'`,
 * `import logo from '@resources/brand/logo.svg'`) is a bundler's job, not
 * Node's; in unit specs it loads as an empty module, whether tsx loads the
 * TypeScript through `import` or through `require`. Only assets are stubbed:
 * every module of code is the real one.
 */
import Module, { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ASSET = /\.(css|svg|png|jpe?g|webp|woff2?)$/;
const isAsset = (specifier) => ASSET.test(specifier) || specifier.startsWith('@resources/');

register(new URL('./test-loader.mjs', import.meta.url));

const stub = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-asset.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return isAsset(request) ? stub : resolveFilename.call(this, request, ...rest);
};
