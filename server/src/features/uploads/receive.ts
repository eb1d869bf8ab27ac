import fs from 'node:fs/promises';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { formatMessage } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { formatBytes } from './format-bytes';
import type { StagingStorage } from './staging';

/** What a storage quota still allows the request's payer, read before the body (storage-quota.ts). */
export interface UploadAllowance {
  remaining: number;
  /** The refusal when the file does not fit. */
  refusal(): AppError;
}

declare module 'express-serve-static-core' {
  interface Request {
    uploadAllowance?: UploadAllowance;
  }
}

export interface ReceiveOptions {
  staging: StagingStorage;
  /** Bytes one file may have. */
  maxBytes: number;
  /** Text fields allowed beside the file. */
  fields: number;
}

export const fileRequired = (req: Request) =>
  new AppError('VALIDATION_FAILED', {
    fields: { file: formatMessage(req.locale, 'validation.required', { attribute: 'file' }) },
  });

/**
 * Middleware that streams one multipart field `file` to the staging folder,
 * cut at the per-file limit or at what the quota still allows, whichever is
 * smaller (FILE_TOO_LARGE or the quota's refusal; the cut file is removed).
 * Run it after the access checks. A staged file the route did not adopt is
 * removed once the answer is sent, whatever happened in between.
 */
export function receiveFile({ staging, maxBytes, fields }: ReceiveOptions): RequestHandler {
  return (req, res, next) => {
    const allowance = req.uploadAllowance;
    if (allowance && allowance.remaining <= 0) return next(allowance.refusal());
    const quotaCuts = allowance !== undefined && allowance.remaining < maxBytes;
    const limit = quotaCuts ? allowance.remaining : maxBytes;
    const upload = multer({
      storage: staging,
      // busboy refuses a file that *reaches* fileSize; "at most N MB" keeps a file of exactly N MB
      limits: { fileSize: limit + 1, files: 1, fields, parts: fields + 1 },
    }).single('file');
    res.once('close', () => {
      if (req.file?.path) void fs.rm(req.file.path, { force: true });
    });
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE')
        return next(
          quotaCuts ? allowance.refusal() : new AppError('FILE_TOO_LARGE', { values: { size: formatBytes(maxBytes) } }),
        );
      if (error instanceof MulterError && error.code === 'LIMIT_UNEXPECTED_FILE') return next(fileRequired(req));
      // busboy's own complaints (a broken multipart body) are the client's fault
      next(error instanceof AppError ? error : new AppError('BAD_REQUEST'));
    });
  };
}

/** The file `receiveFile` staged; VALIDATION_FAILED when the request had none. */
export function staged(req: Request): Express.Multer.File {
  if (!req.file?.path) throw fileRequired(req);
  return req.file;
}
