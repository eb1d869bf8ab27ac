import fs from 'node:fs';
import path from 'node:path';
import { COMPANY_UPLOAD_PATHS } from '@tsudoi/common';
import type { TestServer } from '../../testing/test-server';
import { api, as, type Actor } from '../companies/fixtures';

/** Test helpers of the file share specs: the calls the page makes, as a browser sends them. */
export function shareCalls(server: () => TestServer) {
  const json = (who: Actor, apiPath: string, method = 'GET', body?: unknown, lang = 'en') =>
    api(server(), `/api${apiPath}`, as(who, { method, body, lang }));
  return {
    list: (who: Actor, folderId: number | null = null) => json(who, COMPANY_UPLOAD_PATHS.list(folderId)),
    detail: (who: Actor, id: number) => json(who, COMPANY_UPLOAD_PATHS.file(id)),
    async upload(
      who: Actor,
      file: { bytes: Buffer; name: string } | null,
      folderId: number | string | null = null,
      lang = 'en',
    ) {
      const form = new FormData();
      if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
      const res = await fetch(`${server().url}/api/company-uploads?folderId=${folderId ?? 'root'}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'x-api-key': server().apiKey, 'Accept-Language': lang, ...who.headers },
        body: form,
      });
      const text = await res.text();
      return {
        status: res.status,
        json: JSON.parse(text) as Record<string, unknown> & {
          data?: { id: number; name: string };
          error?: { code: string; message: string; fields?: Record<string, string> };
        },
      };
    },
    updateFile: (who: Actor, id: number, body: unknown, lang = 'en') =>
      json(who, COMPANY_UPLOAD_PATHS.file(id), 'PATCH', body, lang),
    removeFile: (who: Actor, id: number) => json(who, COMPANY_UPLOAD_PATHS.file(id), 'DELETE'),
    async download(who: Actor, id: number) {
      const res = await fetch(`${server().url}/api${COMPANY_UPLOAD_PATHS.download(id)}`, {
        headers: { 'x-api-key': server().apiKey, 'Accept-Language': 'en', ...who.headers },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const error = res.headers.get('content-type')?.includes('json')
        ? (JSON.parse(bytes.toString()) as { error: { code: string } }).error
        : undefined;
      return { status: res.status, headers: res.headers, bytes, json: { error } };
    },
    createFolder: (who: Actor, body: unknown, lang = 'en') =>
      json(who, COMPANY_UPLOAD_PATHS.folders, 'POST', body, lang),
    updateFolder: (who: Actor, id: number, body: unknown, lang = 'en') =>
      json(who, COMPANY_UPLOAD_PATHS.folder(id), 'PATCH', body, lang),
    removeFolder: (who: Actor, id: number) => json(who, COMPANY_UPLOAD_PATHS.folder(id), 'DELETE'),
    /** The rows and files on disk, which a refused call must leave alone. */
    async state() {
      const dir = path.join(server().config.dataDir, 'company-files');
      const all = { raw: true, order: [['id', 'ASC']] as [string, string][] };
      return {
        files: fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [],
        fileRows: await server().models.CompanyFile.findAll(all),
        folderRows: await server().models.CompanyFolder.findAll(all),
      };
    },
  };
}
