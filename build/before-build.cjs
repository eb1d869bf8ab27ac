// electron-builder `beforeBuild` hook. Resolving to false tells it that
// node_modules are handled elsewhere: main and preload are esbuild bundles and
// the renderer is a Vite build, so the app ships no node_modules. It also stops
// electron-builder from running `npm install --production` in desktop/, which
// in an npm workspace prunes every devDependency of the repository.
module.exports = async () => false;
