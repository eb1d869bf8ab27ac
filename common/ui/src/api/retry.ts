/** The HTTP methods the API client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The REST retry policy (spec calls-errors-limits §9.1 "Retry helper: 5
 * attempts, 500 ms apart, then 'Retry limit exceeded'"). §7.1 names no
 * methods or statuses, so (docs/decisions/0279-rest-retries-get-only-and-only-when-there-was-no-answer.md):
 * - only GET is retried: it changes nothing, so sending it again is safe;
 *   POST/PATCH/PUT/DELETE may have reached the server before the answer got
 *   lost, and sending them twice could create or delete twice;
 * - only failures that say "the server did not get to it": no response at all
 *   (network error), 502, 503 and 504. A 4xx or a 500 is an answer and is
 *   final; a 429 asks to slow down and is not hammered.
 * - 5 attempts in all (the first and 4 retries), a constant 500 ms apart.
 */
export const RETRY_ATTEMPTS = 5;
export const RETRY_DELAY_MS = 500;

const RETRIED_METHODS: ReadonlySet<HttpMethod> = new Set(['GET']);
const RETRIED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** What one attempt gave: an HTTP status, or 0 when no response arrived. */
export function isRetryable(method: HttpMethod, status: number): boolean {
  return RETRIED_METHODS.has(method) && (status === 0 || RETRIED_STATUSES.has(status));
}

/**
 * Whether attempt number `attempt` (1-based) that ended with `status` is
 * followed by another one.
 */
export function shouldRetry(method: HttpMethod, status: number, attempt: number): boolean {
  return attempt < RETRY_ATTEMPTS && isRetryable(method, status);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
