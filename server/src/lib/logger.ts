import { pino, type Logger } from 'pino';

export type { Logger };

/** One structured logger; tokens, passwords and keys never reach the output. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: 'tsudoi' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  });
}
