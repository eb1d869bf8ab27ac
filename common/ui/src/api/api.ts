import {
  errorMessageId,
  formatMessage,
  isErrorCode,
  MESSAGES,
  type ErrorCode,
  type Locale,
  type MessageId,
} from '@tsudoi/common';
import { RETRY_DELAY_MS, isRetryable, shouldRetry, sleep, type HttpMethod } from './retry';

export type { HttpMethod } from './retry';

/** A failed call, with the text to show the user already in the current language. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    readonly code?: ErrorCode,
    /** Field-level messages of a validation error, keyed by field path. */
    readonly fields?: Readonly<Record<string, string>>,
    /** When the same call may succeed, in seconds (a rate limit, a visit that starts later). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** A response that was not ok: its status line and parsed body. */
export interface FailedResponse {
  status: number;
  statusText: string;
  body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isMessageId = (text: string): text is MessageId => Object.hasOwn(MESSAGES.ja, text);

/** The first text of a message that may be a string, an array or an object (spec §8.1). */
function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return firstText(value[0]);
  if (isRecord(value)) return firstText(Object.values(value)[0]);
  return undefined;
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Reads `{ error: { code, message, fields } }`; a message that is a catalogue id is translated. */
function serverError(body: unknown, locale: Locale) {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = isErrorCode(error.code) ? error.code : undefined;
  const text = firstText(error.message);
  const message = text && isMessageId(text) ? formatMessage(locale, text) : text;
  const retryAfterS =
    typeof error.retryAfterS === 'number' && Number.isFinite(error.retryAfterS) && error.retryAfterS >= 0
      ? error.retryAfterS
      : undefined;
  return { code, message, fields: stringFields(error.fields), retryAfterS };
}

/**
 * Maps a failed call to the error shown to the user (spec §8.1):
 * no response → connection failed; 500 → the internal-error text; above 500 →
 * the status text; otherwise the server message, else something went wrong.
 */
export function toApiError(failure: FailedResponse | null, locale: Locale): ApiError {
  if (!failure) return new ApiError(formatMessage(locale, 'errors.CONNECTION_FAILED'), 0, 'CONNECTION_FAILED');
  const { status, statusText, body } = failure;
  const server = serverError(body, locale);
  const fallback = formatMessage(locale, 'errors.SOMETHING_WENT_WRONG');
  if (status === 500) return new ApiError(formatMessage(locale, 'errors.INTERNAL'), status, server.code ?? 'INTERNAL');
  if (status > 500) return new ApiError(statusText.trim() || server.message || fallback, status, server.code);
  const message = server.message ?? (server.code ? formatMessage(locale, errorMessageId(server.code)) : fallback);
  return new ApiError(message, status, server.code, server.fields, server.retryAfterS);
}

/** The error of a call that failed on every attempt of the retry policy (spec §9.1). */
function retryLimit(locale: Locale, status: number): ApiError {
  return new ApiError(formatMessage(locale, 'errors.RETRY_LIMIT_EXCEEDED'), status, 'RETRY_LIMIT_EXCEEDED');
}

/** The text to show for anything a call threw. */
export function errorText(error: unknown, locale: Locale): string {
  return error instanceof ApiError ? error.message : formatMessage(locale, 'errors.SOMETHING_WENT_WRONG');
}

export interface ApiClientOptions {
  apiKey: string;
  fetch: typeof fetch;
  getLocale(): Locale;
  getToken(): string | null;
  /** Called on a 401 to a call that carried the session's token, so the app resets the session (spec §4). */
  onUnauthorized(): void;
  /** Called when a call ends on an answer above 500 (spec §8.1: an error dialog shows the server's status text). */
  onServerError?(message: string): void;
  /**
   * Tries to renew the access token (refresh token) before giving up on a
   * 401; the call is then sent once more. Answers whether it worked.
   */
  refresh?(): Promise<boolean>;
  /** Defaults to /api on the page's origin. */
  baseUrl?: string;
  /** Waits between retries (services/retry.ts); tests pass a clock of their own. */
  sleep?(ms: number): Promise<void>;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  /** PUT of a file: the body is sent as multipart/form-data (spec §7.1: PUT for a file). */
  putFile<T>(path: string, field: string, file: Blob): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isLoginRefusal = (body: unknown) => {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' && code.startsWith('LOGIN_');
};

/** The REST client (spec §7.1): JSON, Accept-Language, x-api-key, and the bearer token once signed in. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const wait = options.sleep ?? sleep;

  /** Sends a call, retrying as services/retry.ts says; a retried call that never got through ends with RETRY_LIMIT_EXCEEDED. */
  async function send(method: HttpMethod, url: string, init: RequestInit, locale: Locale) {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await options.fetch(url, init);
        const status = response.status;
        const parsed = await readBody(response);
        if (!shouldRetry(method, status, attempt)) {
          if (attempt > 1 && isRetryable(method, status)) throw retryLimit(locale, status);
          return { response, parsed };
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (!shouldRetry(method, 0, attempt)) throw attempt > 1 ? retryLimit(locale, 0) : toApiError(null, locale);
      }
      await wait(RETRY_DELAY_MS);
    }
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, retried = false): Promise<T> {
    const locale = options.getLocale();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': locale,
      'x-api-key': options.apiKey,
    };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

    const init: RequestInit = {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    };
    const { response, parsed } = await send(method, `${baseUrl}${path}`, init, locale).catch((error: unknown) => {
      // retried to the limit on a server answering above 500: the same dialog
      if (error instanceof ApiError && error.status > 500) options.onServerError?.(error.message);
      throw error;
    });
    if (response.ok) return parsed as T;
    // A refused sign-in (LOGIN_*) is not an expired session, and without a token there is none to reset.
    if (response.status === 401 && token && !isLoginRefusal(parsed)) {
      if (!retried && options.refresh && (await options.refresh())) return request<T>(method, path, body, true);
      options.onUnauthorized();
    }
    const error = toApiError({ status: response.status, statusText: response.statusText, body: parsed }, locale);
    if (error.status > 500) options.onServerError?.(error.message);
    throw error;
  }

  return {
    request,
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
    putFile: <T>(path: string, field: string, file: Blob) => {
      const form = new FormData();
      form.append(field, file);
      return request<T>('PUT', path, form);
    },
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}
