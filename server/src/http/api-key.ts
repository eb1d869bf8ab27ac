import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from './app-error';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every /api call carries x-api-key (spec §7.1); a missing or wrong key is 401 INVALID_API_KEY. */
export function apiKeyMiddleware(apiKey: string): RequestHandler {
  return (req, _res, next) => {
    const given = req.get('x-api-key');
    if (!given || !sameSecret(given, apiKey)) return next(new AppError('INVALID_API_KEY'));
    next();
  };
}
