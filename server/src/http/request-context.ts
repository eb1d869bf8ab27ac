import type { Locale } from '@tsudoi/common';

declare module 'express-serve-static-core' {
  interface Request {
    /** ja or en, from Accept-Language. */
    locale: Locale;
    /** Bearer token, when the client sent one (the auth feature resolves it to a user). */
    bearerToken?: string;
  }
}

export {};
