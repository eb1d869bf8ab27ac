import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ensureSegmentationModel } from '../build/segmentation-model.mjs';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The renderer (floor UI) build. Served by the server at / from dist/web.
 * Electron loads the same build from disk: it sets TSUDOI_RENDERER_BASE=./
 * so asset URLs become relative.
 */
export default defineConfig({
  root: fromHere('./src/renderer'),
  base: process.env.TSUDOI_RENDERER_BASE ?? '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@resources': fromHere('../resources'),
      // camera effects: the selfie segmentation model with the TFLite metadata tasks-vision needs (made once, cached)
      '@segmentation-model': path.dirname(ensureSegmentationModel()),
    },
  },
  build: {
    outDir: fromHere('./dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // Libraries in chunks of their own: they change far less often than the app, so browsers keep them
        // cached across releases (and download them in parallel). mediasoup-client is loaded on demand.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (/\/node_modules\/(react-intl|@formatjs|intl-messageformat)\//.test(id)) return 'intl';
          if (/\/node_modules\/zod\//.test(id)) return 'zod';
          if (/\/node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser)\//.test(id))
            return 'socket';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm start` runs the API on 3000; the dev server forwards to it.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
