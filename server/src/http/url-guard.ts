import type { RequestHandler } from 'express';
import { AppError } from './app-error';

/**
 * A path with a malformed % escape ("/floors/%E0%A4%A") is answered 400
 * MALFORMED_URL before any route or static file handler tries to decode it
 * (they would answer 400 or 500 each in their own way).
 */
export const malformedUrlGuard: RequestHandler = (req, _res, next) => {
  if (!req.path.includes('%')) return next();
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    next(new AppError('MALFORMED_URL'));
  }
};
