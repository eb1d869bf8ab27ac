import type { RequestHandler } from 'express';
import { AppError } from './app-error';

/** A NUL byte, raw or escaped: never part of a real path, id, search or filter. */
const hasNul = (url: string) => url.includes('%00') || url.includes(String.fromCharCode(0));

/**
 * A path with a malformed % escape ("/floors/%E0%A4%A") is answered 400
 * MALFORMED_URL before any route or static file handler tries to decode it
 * (they would answer 400 or 500 each in their own way). So is a NUL byte
 * anywhere in the address (path or query): SQLite ends a statement's text at
 * it, and no search, filter or id holds one (issue 25 §13).
 */
export const malformedUrlGuard: RequestHandler = (req, _res, next) => {
  if (hasNul(req.originalUrl)) return next(new AppError('MALFORMED_URL'));
  if (!req.path.includes('%')) return next();
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    next(new AppError('MALFORMED_URL'));
  }
};
