import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../build/lib/precompress.mjs';
import { vendorChunks } from '../build/lib/vendor-chunks.mjs';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The admin UI. The server sends its index.html at /admin/{key}/* and its
 * assets from /admin-assets/. What it shares with the floor UI (controls,
 * i18n, notifications, errors, the API client, the session) comes from the
 * UI kit, @tsudoi/ui (common/ui): nothing from desktop/.
 */
export default defineConfig(({ command }) => ({
  root: fromHere('.'),
  base: command === 'build' ? '/admin-assets/' : '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@resources': fromHere('../resources'),
    },
    dedupe: ['react', 'react-dom', 'react-intl', 'react-redux', 'react-router'],
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // libraries in chunks of their own, as in the floor UI (no chunk over 500 kB)
    rollupOptions: { output: { manualChunks: vendorChunks } },
  },
  server: {
    port: 5174,
    // `npm start` runs the API on 3000; open http://localhost:5174/admin/secret in development.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
