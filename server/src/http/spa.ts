import fs from 'node:fs';
import path from 'node:path';
import { Router, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

export interface ClientConfig {
  apiKey: string;
  /** The largest chat attachment the server takes (CHAT_UPLOAD_MAX_SIZE), so the UI refuses bigger ones at once. */
  chatUploadMaxBytes?: number;
  /** Set only in the admin shell served under the right key. */
  adminKey?: string;
  /** An error for the shell to show instead of routing (e.g. a wrong admin key). */
  error?: { status: number; message: string };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves a built single-page app: its assets with long caching, and its
 * index.html with the client configuration placed in a meta tag (no inline
 * script, so the CSP stays strict).
 */
export class SpaShell {
  private template: string | undefined;
  constructor(readonly distDir: string) {}

  get built(): boolean {
    return fs.existsSync(path.join(this.distDir, 'index.html'));
  }

  /**
   * The build's files, long cached. The build writes Brotli and gzip copies
   * beside them (build/lib/precompress.mjs): the one the browser accepts is
   * sent as it is, so the compression middleware has nothing left to do
   * (it leaves a response that has a Content-Encoding alone).
   */
  assets(): Router {
    const router = Router();
    router.use(
      expressStaticGzip(this.distDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { index: false, immutable: true, maxAge: '365d', fallthrough: true },
      }),
    );
    return router;
  }

  send(res: Response, config: ClientConfig, status = 200): void {
    if (!this.built) {
      res.status(503).type('text').send('The UI is not built yet: run "npm run setup".');
      return;
    }
    this.template ??= fs.readFileSync(path.join(this.distDir, 'index.html'), 'utf8');
    const meta = `<meta name="tsudoi-config" content="${escapeAttr(JSON.stringify(config))}">`;
    res
      .status(status)
      .setHeader('Cache-Control', 'no-store')
      .type('html')
      .send(this.template.replace('</head>', `  ${meta}\n  </head>`));
  }
}
