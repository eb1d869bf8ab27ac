import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import {
  errorMessageId,
  formatMessage,
  MESSAGES,
  type ApiErrorBody,
  type Locale,
  type MessageId,
} from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { AppError } from './app-error';

/** zod 4 reports the input only when asked; its message says "received undefined" for a missing value. */
const isMissing = (issue: { input?: unknown; message: string }) =>
  ('input' in issue && issue.input === undefined) || / received undefined$/.test(issue.message);

export function zodFields(error: ZodError, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (fields[key]) continue;
    const attribute = String(issue.path.at(-1) ?? key);
    fields[key] =
      issue.code === 'invalid_type'
        ? formatMessage(locale, isMissing(issue) ? 'validation.required' : 'validation.invalidType', { attribute })
        : issue.code === 'invalid_format' && issue.format === 'email'
          ? formatMessage(locale, 'validation.email')
          : `validation.${issue.message}` in MESSAGES.ja
            ? formatMessage(locale, `validation.${issue.message}` as MessageId)
            : issue.message;
  }
  return fields;
}

/** Maps anything thrown to an AppError of the catalogue. */
export function toAppError(error: unknown, locale: Locale): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION_FAILED', { fields: zodFields(error, locale) });
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return new AppError('MALFORMED_JSON');
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  return new AppError('INTERNAL');
}

/** The one error shape: { error: { code, message, fields? } } in the caller's language. */
export function errorBody(error: AppError, locale: Locale): ApiErrorBody {
  const message =
    error.code === 'INTERNAL'
      ? formatMessage(locale, 'errors.INTERNAL') // spec §8.1: the 500 text is always replaced
      : (error.options.message ?? formatMessage(locale, errorMessageId(error.code), error.options.values));
  return { code: error.code, message, ...(error.options.fields ? { fields: error.options.fields } : {}) };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const locale = req.locale ?? 'ja';
    const appError = toAppError(error, locale);
    if (appError.status >= 500) logger.error({ err: error, url: req.originalUrl }, 'request failed');
    if (res.headersSent) return;
    const retryAfterS = appError.options.values?.retryAfterS;
    if (appError.status === 429 && retryAfterS) res.setHeader('Retry-After', String(retryAfterS));
    res.status(appError.status).json({ error: errorBody(appError, locale) });
  };
}

export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND'));
