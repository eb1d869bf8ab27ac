import fs from 'node:fs';
import path from 'node:path';
import { VIRTUAL_BACKGROUND_PATHS, type VirtualBackgroundGuestQuery } from '@tsudoi/common';
import type { TestServer } from '../../testing/test-server';

/** Test helpers of the virtual background specs: the calls the picker makes, as a browser sends them. */

export interface Session {
  headers: { Authorization: string };
}
export const bearer = (token: string): Session => ({ headers: { Authorization: `Bearer ${token}` } });
export interface TestFile {
  bytes: Buffer;
  name: string;
  type: string;
}
type ErrorJson = { error?: { code: string; message: string; fields?: Record<string, string> } };

export function backgroundCalls(server: () => TestServer) {
  const send = async (who: Session | null, method: string, apiPath: string, body?: FormData) => {
    const res = await fetch(`${server().url}/api${apiPath}`, {
      method,
      headers: { Accept: 'application/json', 'x-api-key': server().apiKey, 'Accept-Language': 'en', ...who?.headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> & ErrorJson };
  };
  return {
    list: (who: Session | null, guest?: VirtualBackgroundGuestQuery) =>
      send(who, 'GET', VIRTUAL_BACKGROUND_PATHS.list(guest)),
    upload(who: Session | null, file: TestFile | null, guest?: VirtualBackgroundGuestQuery) {
      const form = new FormData();
      if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return send(who, 'POST', VIRTUAL_BACKGROUND_PATHS.upload(guest), form);
    },
    remove: (who: Session | null, id: number | string, guest?: VirtualBackgroundGuestQuery) =>
      send(who, 'DELETE', VIRTUAL_BACKGROUND_PATHS.remove(id as number, guest)),
    async download(who: Session | null, id: number | string) {
      const res = await fetch(`${server().url}/api${VIRTUAL_BACKGROUND_PATHS.download(id as number)}`, {
        headers: { 'x-api-key': server().apiKey, 'Accept-Language': 'en', ...who?.headers },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const json = (res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : {}) as ErrorJson;
      return { status: res.status, headers: res.headers, bytes, json };
    },
    /** The stored files and rows, which a refused call must leave alone. */
    async state() {
      const dir = path.join(server().config.dataDir, 'virtual-backgrounds');
      return {
        files: fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [],
        rows: await server().models.VirtualBackground.findAll({ order: [['id', 'ASC']], raw: true }),
      };
    },
  };
}

/** A PDF, an HTML page and a GIF: none of them is a background (each goes up named and typed as a PNG). */
export const notBackgrounds = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};
