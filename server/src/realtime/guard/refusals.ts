import { formatMessage, LOCALES, type ApiErrorBody, type Locale } from '@tsudoi/common';

type PerLocale = Record<Locale, ApiErrorBody>;
const perLocale = (make: (locale: Locale) => ApiErrorBody): PerLocale =>
  Object.fromEntries(LOCALES.map((l) => [l, make(l)])) as PerLocale;

/**
 * The guard's refusals, in the catalogue's one error shape, made once per
 * language: a flood of refused requests costs no message formatting and no
 * Error (whose stack capture costs more than the refusal).
 */
export class RefusalBodies {
  private readonly rateText = perLocale((l) => ({
    code: 'RATE_LIMITED',
    message: formatMessage(l, 'errors.RATE_LIMITED'),
  }));
  private readonly pendingBody = perLocale((l) => ({
    code: 'TOO_MANY_PENDING_REQUESTS',
    message: formatMessage(l, 'errors.TOO_MANY_PENDING_REQUESTS'),
  }));
  private readonly complexBody = perLocale((l) => ({
    code: 'VALIDATION_FAILED',
    message: formatMessage(l, 'errors.VALIDATION_FAILED'),
    fields: { _: formatMessage(l, 'validation.payloadTooComplex') },
  }));

  /** RATE_LIMITED with the seconds to wait (at least 1). */
  rateLimited(locale: Locale, waitMs: number): ApiErrorBody {
    return { ...this.rateText[locale], retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  pending(locale: Locale): ApiErrorBody {
    return this.pendingBody[locale];
  }

  tooComplex(locale: Locale): ApiErrorBody {
    return this.complexBody[locale];
  }
}
