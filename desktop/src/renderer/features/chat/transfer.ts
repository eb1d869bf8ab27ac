import type { Locale } from '@tsudoi/common';
import { toApiError } from '@tsudoi/ui/api';

/**
 * Uploads and downloads with progress (spec §4: one item at a time, 0–100).
 * fetch() reports no upload progress, so these use XMLHttpRequest with the
 * same headers as the API client (x-api-key, Accept-Language, bearer token).
 */
export interface TransferOptions {
  apiKey: string;
  getToken(): string | null;
  getLocale(): Locale;
  /** Renews the session after a 401 (answers whether a new token is there); the call is sent once more. */
  renew(): Promise<boolean>;
  /** Defaults to /api on the page's origin. */
  baseUrl?: string;
  /** Tests and other hosts pass their own XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
  /** The largest chat attachment the server takes (its client config); CHAT_UPLOAD_MAX_BYTES without one. */
  uploadMaxBytes?: number;
}

export type ProgressListener = (percent: number) => void;

/** loaded/total as a whole percentage clamped to 0–100 (0 while the total is unknown). */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

interface Sent {
  status: number;
  statusText: string;
  body: unknown;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function bodyOf(xhr: XMLHttpRequest): Promise<unknown> {
  if (xhr.responseType !== 'blob') return parseJson(xhr.responseText);
  const blob = xhr.response as Blob | null;
  if (!blob || xhr.status < 400) return blob;
  return parseJson(await blob.text()); // an error answer is JSON even when a blob was asked for
}

function sendOnce(
  options: TransferOptions,
  method: 'GET' | 'POST',
  path: string,
  body: FormData | string | null,
  blob: boolean,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<Sent | null> {
  return new Promise((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open(method, `${options.baseUrl ?? '/api'}${path}`);
    xhr.setRequestHeader('Accept', blob ? '*/*' : 'application/json');
    xhr.setRequestHeader('Accept-Language', options.getLocale());
    xhr.setRequestHeader('x-api-key', options.apiKey);
    const token = options.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    if (blob) xhr.responseType = 'blob';
    const target = blob ? xhr : xhr.upload;
    target.onprogress = (event) => {
      if (event.lengthComputable) onProgress(percentOf(event.loaded, event.total));
    };
    xhr.onload = () => {
      bodyOf(xhr).then((parsed) => resolve({ status: xhr.status, statusText: xhr.statusText, body: parsed }), reject);
    };
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function transfer(
  options: TransferOptions,
  method: 'GET' | 'POST',
  path: string,
  body: () => FormData | string | null,
  blob: boolean,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<unknown> {
  onProgress(0);
  let sent = await sendOnce(options, method, path, body(), blob, onProgress, signal);
  if (sent?.status === 401 && options.getToken() && (await options.renew())) {
    onProgress(0);
    sent = await sendOnce(options, method, path, body(), blob, onProgress, signal);
  }
  if (!sent) throw toApiError(null, options.getLocale());
  if (sent.status < 200 || sent.status >= 300) throw toApiError(sent, options.getLocale());
  onProgress(100);
  return sent.body;
}

/** A multipart POST (e.g. uploads with the file and its fitted name); answers the parsed JSON. */
export function uploadFile(
  options: TransferOptions,
  path: string,
  fields: Record<string, string | { blob: Blob; name: string }>,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<unknown> {
  const form = () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields))
      if (typeof value === 'string') data.append(name, value);
      else data.append(name, value.blob, value.name);
    return data;
  };
  return transfer(options, 'POST', path, form, false, onProgress, signal);
}

/** A file as a Blob: POST with a JSON body (messages/attachment) or a GET (a saved chat). */
export async function downloadFile(
  options: TransferOptions,
  path: string,
  payload: unknown,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<Blob> {
  const method = payload === undefined ? 'GET' : 'POST';
  const json = () => (payload === undefined ? null : JSON.stringify(payload));
  const body = await transfer(options, method, path, json, true, onProgress, signal);
  if (!(body instanceof Blob)) throw toApiError({ status: 200, statusText: 'OK', body: null }, options.getLocale());
  return body;
}
