import type { RequestHandler } from 'express';
import { AppError } from './app-error';

/** What express.json inflates (within its 1 MB limit, counted after inflating). */
const JSON_CODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

/**
 * A request body in a Content-Encoding the API does not read is answered 400
 * UNSUPPORTED_CONTENT_ENCODING before any parser sees it: JSON bodies may be
 * gzip, deflate or br; uploads (multipart) and every other body only identity.
 */
export const contentEncodingGuard: RequestHandler = (req, _res, next) => {
  const header = req.headers['content-encoding'];
  if (header === undefined || !req.is('*/*')) return next(); // no body
  const coding = header.trim().toLowerCase();
  if (coding === 'identity' || (JSON_CODINGS.has(coding) && req.is('application/json'))) return next();
  next(new AppError('UNSUPPORTED_CONTENT_ENCODING'));
};
