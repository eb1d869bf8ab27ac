import { ERROR_CATALOGUE, type ErrorCode } from '@tsudoi/common';

export interface AppErrorOptions {
  /** Values for the placeholders of the catalogue message (e.g. {limit}). */
  values?: Record<string, string | number>;
  /** Field-level messages (validation). */
  fields?: Record<string, string>;
  /** A message that replaces the catalogue text (already localised). */
  message?: string;
  /** What went wrong underneath (logged with the error, never sent). */
  cause?: unknown;
}

/** An error from the catalogue; the error handler turns it into the one error shape. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = ERROR_CATALOGUE[code].status || 500;
  }
}
