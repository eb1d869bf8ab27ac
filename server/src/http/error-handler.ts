import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import {
  errorMessageId,
  formatMessage,
  MESSAGES,
  type ApiErrorBody,
  type ErrorCode,
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
    // a schema's own "…Required" id wins for a missing value (safeDisplayText's invalidType: "Name is required")
    // or a full message id of a feature's own validation messages ('attendance.validation.invalidTime')
    const own =
      `validation.${issue.message}` in MESSAGES.ja
        ? (`validation.${issue.message}` as MessageId)
        : issue.message.includes('.validation.') && issue.message in MESSAGES.ja
          ? (issue.message as MessageId)
          : null;
    fields[key] =
      issue.code === 'invalid_type' && !own?.endsWith('Required')
        ? formatMessage(locale, isMissing(issue) ? 'validation.required' : 'validation.invalidType', { attribute })
        : issue.code === 'invalid_format' && issue.format === 'email'
          ? formatMessage(locale, 'validation.email')
          : own
            ? formatMessage(locale, own)
            : issue.message;
  }
  return fields;
}

/** The catalogue code of a client error (4xx) raised by Express or its middleware with an http-errors status. */
const CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Maps anything thrown to an AppError of the catalogue. What the request
 * itself got wrong is a 4xx with a clear code, never a 500: a malformed %
 * escape in the path (Express's router, express.static), a body in an unknown
 * Content-Encoding or one that does not inflate (body-parser).
 */
export function toAppError(error: unknown, locale: Locale): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION_FAILED', { fields: zodFields(error, locale) });
  if (error instanceof URIError) return new AppError('MALFORMED_URL');
  const { type, status, expose } = (error ?? {}) as { type?: unknown; status?: unknown; expose?: unknown };
  if (type === 'entity.parse.failed') return new AppError('MALFORMED_JSON');
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE');
  if (type === 'encoding.unsupported') return new AppError('UNSUPPORTED_CONTENT_ENCODING');
  if (type === 'charset.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  // a file that is not there (express.static with fallthrough off marks its ENOENT 404 but not exposed)
  if (status === 404) return new AppError('NOT_FOUND');
  // http-errors marks the errors whose message may reach the client (every 4xx) with `expose`
  if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false)
    return new AppError(CLIENT_STATUS[status] ?? 'BAD_REQUEST');
  return new AppError('INTERNAL');
}

/** A refusal that passes with time: a rate limit, a visit not started yet (both say when: retryAfterS). */
const waits = (error: AppError) => error.status === 429 || error.code === 'APPOINTMENT_NOT_STARTED';

/** The one error shape: { error: { code, message, fields? } } in the caller's language. */
export function errorBody(error: AppError, locale: Locale): ApiErrorBody {
  const message =
    error.code === 'INTERNAL'
      ? formatMessage(locale, 'errors.INTERNAL') // spec §8.1: the 500 text is always replaced
      : (error.options.message ?? formatMessage(locale, errorMessageId(error.code), error.options.values));
  const retryAfterS = error.options.values?.retryAfterS;
  return {
    code: error.code,
    message,
    ...(error.options.fields ? { fields: error.options.fields } : {}),
    ...(typeof retryAfterS === 'number' && waits(error) ? { retryAfterS } : {}),
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const locale = req.locale ?? 'ja';
    const appError = toAppError(error, locale);
    if (appError.status >= 500) logger.error({ err: error, url: req.originalUrl }, 'request failed');
    // an answer already under way (a CSV export whose batch failed) is cut, not left hanging
    if (res.headersSent) return void res.destroy();
    const retryAfterS = appError.options.values?.retryAfterS;
    if (waits(appError) && retryAfterS) res.setHeader('Retry-After', String(retryAfterS));
    res.status(appError.status).json({ error: errorBody(appError, locale) });
  };
}

export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND'));
