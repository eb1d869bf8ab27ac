import { adminUploadQuerySchema } from '@tsudoi/common';
import { mutation, paged, pageWindow } from '../../../http/answers';
import { AppError } from '../../../http/app-error';
import { route } from '../../../http/route';
import { accountOf } from '../../auth/guards';
import type { StoredFileRow } from '../file-sources';
import { t, type AdminRouteKit } from './shared';

/** Stored files: bytes per company, the files of each source, download (streamed, audited) and delete. */
export function storageRoutes({ router, get, models, guards, files, audit }: AdminRouteKit): void {
  // ---- storage: used per company, and the stored files of each registered source
  get(
    '/admin/storage',
    route({}, async () => {
      const perCompany = new Map<number | null, Record<string, number>>();
      for (const source of files.all()) {
        for (const [companyId, bytes] of await source.usage()) {
          const entry = perCompany.get(companyId) ?? {};
          entry[source.name] = bytes;
          perCompany.set(companyId, entry);
        }
      }
      const companyIds = [...perCompany.keys()].filter((id): id is number => id !== null);
      const companies = await models.Company.findAll({ where: { id: companyIds }, paranoid: false });
      const names = new Map(companies.map((c) => [c.id, c.name]));
      const rows = [...perCompany.entries()].map(([companyId, bySource]) => ({
        companyId,
        companyName: companyId === null ? null : (names.get(companyId) ?? null),
        bySource,
        bytes: Object.values(bySource).reduce((a, b) => a + b, 0),
      }));
      rows.sort((a, b) => b.bytes - a.bytes);
      return { data: { sources: files.all().map((s) => s.name), companies: rows } };
    }),
  );
  get(
    '/admin/storage/:source',
    route({ query: adminUploadQuerySchema }, async ({ query }, req) => {
      const source = files.get(String(req.params.source));
      if (!source) throw new AppError('NOT_FOUND');
      const { rows, total } = await source.list({
        companyId: query.companyId,
        locale: req.locale,
        ...pageWindow(query),
      });
      return paged(
        rows.map((r) => ({ ...r, source: source.name, createdAt: new Date(r.createdAt).toISOString() })),
        total,
        query,
      );
    }),
  );

  // ---- one stored file: download (streamed) and delete (bytes and row; the quota gets them back)
  const sourceOf = (name: unknown) => {
    const source = files.get(String(name));
    if (!source) throw new AppError('NOT_FOUND');
    return source;
  };
  const fileSnapshot = (source: string, row: StoredFileRow) => ({
    source,
    id: row.id,
    name: row.name,
    size: row.size,
    companyId: row.companyId,
    createdAt: new Date(row.createdAt).toISOString(),
  });
  const fileTarget = (id: string) => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null);
  get(
    '/admin/storage/:source/:fileId/download',
    route({}, async (_input, req, res) => {
      const source = sourceOf(req.params.source);
      const id = String(req.params.fileId);
      const file = await source.open(id);
      if (!file) throw new AppError('NOT_FOUND');
      await audit.record({
        admin: accountOf(req),
        action: 'storage.download',
        targetType: `storage.${source.name}`,
        targetId: fileTarget(id),
        before: { source: source.name, id, name: file.name, size: file.size },
      });
      const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      res.status(200).set({
        'Content-Type': file.type,
        'Content-Length': String(file.size),
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
      await new Promise<void>((resolve) => {
        file.stream.on('error', () => res.destroy());
        res.on('close', () => {
          file.stream.destroy();
          resolve();
        });
        file.stream.pipe(res);
      });
    }),
  );
  router.delete(
    '/admin/storage/:source/:fileId',
    guards.admin,
    route({}, async (_input, req) => {
      const source = sourceOf(req.params.source);
      const id = String(req.params.fileId);
      const removed = await source.remove(id);
      if (!removed) throw new AppError('NOT_FOUND');
      const before = fileSnapshot(source.name, removed);
      await audit.record({
        admin: accountOf(req),
        action: 'storage.delete',
        targetType: `storage.${source.name}`,
        targetId: fileTarget(id),
        before,
      });
      return mutation(before, t(req.locale, 'adminConsole.storage.deleted'));
    }),
  );
}
