// Libraries in chunks of their own for the Vite builds of the floor UI and the admin UI: they change far
// less often than the app, so browsers keep them cached across releases (and download them in parallel).

/** Rollup's `output.manualChunks`: react, intl, zod and socket chunks; everything else as Vite splits it. */
export function vendorChunks(id) {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(react-intl|@formatjs|intl-messageformat)\//.test(id)) return 'intl';
  if (/\/node_modules\/zod\//.test(id)) return 'zod';
  if (/\/node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser)\//.test(id))
    return 'socket';
  return undefined;
}
