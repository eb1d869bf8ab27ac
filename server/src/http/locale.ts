import type { RequestHandler } from 'express';
import { pickLocale } from '@tsudoi/common';

/** Sets req.locale from Accept-Language (ja default, en second). */
export const localeMiddleware: RequestHandler = (req, res, next) => {
  req.locale = pickLocale(req.get('accept-language'));
  res.setHeader('Content-Language', req.locale);
  next();
};
