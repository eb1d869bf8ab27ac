/** ESM side of build/test-hooks.mjs: stylesheets and images resolve to an empty module. */
const ASSET = /\.(css|svg|png|jpe?g|webp|woff2?)$/;

export async function resolve(specifier, context, next) {
  if (ASSET.test(specifier) || specifier.startsWith('@resources/'))
    return { url: 'data:text/javascript,export default ""', shortCircuit: true };
  return next(specifier, context);
}
