import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';

export interface StreamedAnswer {
  status: number;
  json: { data?: unknown; error?: { code: string; message: string } };
}

export interface StreamOptions {
  name?: string;
  method?: 'POST' | 'PUT';
  /** Goes away (destroys the connection) after sending this many bytes of the file: answers status 0. */
  abortAfter?: number;
  /** The file's first bytes (e.g. a PNG header); the rest is filler. */
  head?: Buffer;
}

/**
 * Sends one multipart field `file` of `size` bytes, generated while it is
 * sent (one reused 64 KiB chunk, with back-pressure), so the sender holds
 * nothing like the file in memory. Stops sending once the server answers
 * (a refusal before the end).
 */
export function streamUpload(
  url: string,
  headers: Record<string, string>,
  size: number,
  { name = 'big.bin', method = 'POST', abortAfter, head: first }: StreamOptions = {},
): Promise<StreamedAnswer> {
  const boundary = `----tsudoi${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, {
      method,
      headers: {
        ...headers,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + size + tail.length),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
    });
    // a refusal answered while we still send may reset the connection: the answer already came
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      req.write(head);
      let sent = 0;
      if (first) {
        req.write(first);
        sent = first.length;
      }
      for (; sent < size && !answered; ) {
        if (abortAfter !== undefined && sent >= abortAfter) {
          answered = true;
          req.destroy();
          resolve({ status: 0, json: {} });
          return;
        }
        const part = Math.min(chunk.length, size - sent);
        if (!req.write(part === chunk.length ? chunk : chunk.subarray(0, part))) await once(req, 'drain');
        sent += part;
      }
      req.end(answered ? undefined : tail);
    })().catch((error: unknown) => {
      if (!answered) reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/** Samples `read()` every `everyMs` until stopped; answers the largest value seen. */
export function peakOf(read: () => number, everyMs = 20): { stop(): number } {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/** The names in a folder (none when it does not exist). */
export const listed = (dir: string): string[] => {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
};

/** Waits until `check` holds or `ms` pass; answers whether it held. */
export async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}
