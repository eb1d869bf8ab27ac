/**
 * The client configuration the server places in index.html as
 * `<meta name="tsudoi-config" content='{"apiKey":…}'>` (no inline script, strict CSP).
 */
export interface ClientConfig {
  apiKey: string;
  /** The largest chat attachment the server takes (default CHAT_UPLOAD_MAX_BYTES). */
  chatUploadMaxBytes?: number;
  /** Present only in the admin shell served under the right key. */
  adminKey?: string;
  /** An error the shell shows instead of routing (e.g. a wrong admin key). */
  error?: { status: number; message: string };
}

/** Used when the page was not served by our server (Vite dev server): the development API key. */
export const DEV_CLIENT_CONFIG: ClientConfig = { apiKey: 'tsudoi-dev-key' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Parses the meta tag's content; anything missing or malformed gives the development config. */
export function parseClientConfig(content: string | null | undefined): ClientConfig {
  if (!content) return DEV_CLIENT_CONFIG;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return DEV_CLIENT_CONFIG;
  }
  if (!isRecord(value) || typeof value.apiKey !== 'string') return DEV_CLIENT_CONFIG;
  const config: ClientConfig = { apiKey: value.apiKey };
  if (typeof value.adminKey === 'string') config.adminKey = value.adminKey;
  const maxBytes = value.chatUploadMaxBytes;
  if (typeof maxBytes === 'number' && Number.isSafeInteger(maxBytes) && maxBytes > 0)
    config.chatUploadMaxBytes = maxBytes;
  const error = value.error;
  if (isRecord(error) && typeof error.status === 'number' && typeof error.message === 'string') {
    config.error = { status: error.status, message: error.message };
  }
  return config;
}

export function readClientConfig(doc: Document): ClientConfig {
  return parseClientConfig(doc.querySelector('meta[name="tsudoi-config"]')?.getAttribute('content'));
}
