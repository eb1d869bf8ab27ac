import { Router } from 'express';
import { AppError } from '../../http/app-error';
import type { ImageStore } from './images';

/**
 * GET /files/{name}: a stored upload. The name must be one the store could
 * have made (no path can be smuggled in); the type is the one sniffed at
 * upload, never guessed by the browser (nosniff). Names are random and never
 * reused, so the answer is cached for good.
 */
export function filesRoutes(images: ImageStore): Router {
  const router = Router();
  router.get('/files/:name', (req, res, next) => {
    const stored = images.locate(req.params.name);
    if (!stored) return next(new AppError('NOT_FOUND'));
    const headers = {
      'Content-Type': stored.type,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
      'Cache-Control': 'public, max-age=31536000, immutable',
    };
    // headers are set only once the file is found, so a 404 stays a JSON error
    res.sendFile(stored.file, { headers, dotfiles: 'deny', lastModified: false }, (error) => {
      if (error && !res.headersSent) next(new AppError('NOT_FOUND'));
    });
  });
  return router;
}
