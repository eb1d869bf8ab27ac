/** Small helpers for calling the real server over HTTP in tests. */
export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  apiKey?: string | null;
  lang?: string;
}

export async function call(baseUrl: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.apiKey !== null) headers['x-api-key'] = options.apiKey ?? 'tsudoi-dev-key';
  if (options.lang) headers['Accept-Language'] = options.lang;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: json as Record<string, unknown> & {
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
}
