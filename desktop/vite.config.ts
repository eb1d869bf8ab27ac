import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ensureSegmentationModel } from '../build/segmentation-model.mjs';
import { precompress } from '../build/lib/precompress.mjs';
import { vendorChunks } from '../build/lib/vendor-chunks.mjs';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The renderer (floor UI) build. Served by the server at / from dist/web.
 * Electron loads the same build from disk: it sets TSUDOI_RENDERER_BASE=./
 * so asset URLs become relative.
 */
export default defineConfig({
  root: fromHere('./src/renderer'),
  base: process.env.TSUDOI_RENDERER_BASE ?? '/',
  plugins: [react(), precompress()],
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
        // libraries in chunks of their own (cached across releases); mediasoup-client is loaded on demand
        manualChunks: vendorChunks,
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
