import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    alias: { '@resources': fromHere('../resources') },
  },
  build: {
    outDir: fromHere('./dist/web'),
    emptyOutDir: true,
    target: 'es2022',
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
