import { Router, type RequestHandler } from 'express';
import {
  type MessageId,
  companyFolderCreateSchema,
  companyFolderUpdateSchema,
  companyUploadCreateQuerySchema,
  companyUploadListQuerySchema,
  companyUploadUpdateSchema,
  formatMessage,
  idParamsSchema,
} from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { StorageQuota } from '../uploads';
import type { CompanyUploadService } from './company-uploads.service';

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const safeHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
  'Content-Security-Policy': "default-src 'none'",
};

declare module 'express-serve-static-core' {
  interface Request {
    companyUploadFolderId?: number | null;
  }
}

/**
 * company-uploads and company-folders (calls spec §7.10; paths in
 * common/src/protocol/rest/company-uploads.ts). An upload is checked (team,
 * folder, what the quota leaves) before its body is read, streams to disk,
 * and its row is written under the quota's lock before the file moves in.
 */
/** The words of an edit: moved, renamed, or both (a move is not an "update"). */
const EDIT_WORDS = {
  file: { moved: 'companyUploads.moved', renamed: 'companyUploads.renamed', both: 'companyUploads.movedRenamed' },
  folder: {
    moved: 'companyUploads.folderMoved',
    renamed: 'companyUploads.folderRenamed',
    both: 'companyUploads.folderMovedRenamed',
  },
} as const satisfies Record<string, Record<string, MessageId>>;
const editWords = (kind: keyof typeof EDIT_WORDS, moved: boolean, renamed: boolean) =>
  EDIT_WORDS[kind][moved && renamed ? 'both' : moved ? 'moved' : 'renamed'];

export function companyUploadRoutes(guards: Guards, service: CompanyUploadService, quota: StorageQuota): Router {
  const router = Router();
  const signedIn = guards.verifiedUser;
  const { files } = service;
  /** The team, the folder and what the quota leaves, checked before a byte of the body is read. */
  const beforeBody: RequestHandler = async (req, _res, next) => {
    const user = accountOf(req);
    const query = companyUploadCreateQuerySchema.parse(req.query);
    req.companyUploadFolderId = (await service.folder(user, query.folderId))?.id ?? null;
    req.uploadAllowance = await quota.allowance({ companyId: service.companyOf(user), userId: user.id });
    next();
  };

  router.get(
    '/company-uploads',
    signedIn,
    route({ query: companyUploadListQuerySchema }, async ({ query }, req) => ({
      data: await service.list(accountOf(req), query.folderId),
    })),
  );
  router.post(
    '/company-uploads',
    signedIn,
    beforeBody,
    files.receive(),
    route({}, async (_input, req, res) => {
      const user = accountOf(req);
      const row = await service.createFile(user, req.companyUploadFolderId ?? null, await files.check(req));
      res.status(201);
      return mutation(
        await service.toFileDto(user, row),
        formatMessage(req.locale, 'companyUploads.uploaded', { name: row.name }),
      );
    }),
  );
  router.get(
    '/company-uploads/:id',
    signedIn,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const user = accountOf(req);
      return { data: await service.toFileDto(user, await service.file(user, params.id)) };
    }),
  );
  router.patch(
    '/company-uploads/:id',
    signedIn,
    route({ params: idParamsSchema, body: companyUploadUpdateSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const { row, moved, renamed } = await service.updateFile(user, params.id, body);
      return mutation(
        await service.toFileDto(user, row),
        // say what was done: a move is not an "update"
        formatMessage(req.locale, editWords('file', moved, renamed), { name: row.name }),
      );
    }),
  );
  router.delete(
    '/company-uploads/:id',
    signedIn,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const user = accountOf(req);
      const row = await service.removeFile(user, params.id);
      return mutation(
        await service.toFileDto(user, row),
        formatMessage(req.locale, 'companyUploads.deleted', { name: row.name }),
      );
    }),
  );
  router.get(
    '/company-uploads/:id/download',
    signedIn,
    route({ params: idParamsSchema }, async ({ params }, req, res) => {
      const row = await service.file(accountOf(req), params.id);
      const path = files.locate(row.file);
      if (!path) throw new AppError('COMPANY_FILE_NOT_FOUND');
      const headers = { ...safeHeaders, 'Content-Type': row.mimeType, 'Content-Disposition': disposition(row.name) };
      // streamed from disk (send), never read into memory
      await new Promise<void>((resolve, reject) =>
        res.sendFile(path, { headers, dotfiles: 'deny', lastModified: false, etag: false }, (error) =>
          error ? reject(res.headersSent ? error : new AppError('COMPANY_FILE_NOT_FOUND')) : resolve(),
        ),
      );
    }),
  );

  router.post(
    '/company-folders',
    signedIn,
    route({ body: companyFolderCreateSchema }, async ({ body }, req, res) => {
      const user = accountOf(req);
      const row = await service.createFolder(user, body.name, body.parentId);
      res.status(201);
      return mutation(
        await service.toFolderDto(user, row),
        formatMessage(req.locale, 'companyUploads.folderCreated', { name: row.name }),
      );
    }),
  );
  router.patch(
    '/company-folders/:id',
    signedIn,
    route({ params: idParamsSchema, body: companyFolderUpdateSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const { row, moved, renamed } = await service.updateFolder(user, params.id, body);
      return mutation(
        await service.toFolderDto(user, row),
        formatMessage(req.locale, editWords('folder', moved, renamed), { name: row.name }),
      );
    }),
  );
  router.delete(
    '/company-folders/:id',
    signedIn,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const user = accountOf(req);
      const row = await service.removeFolder(user, params.id);
      return mutation(
        await service.toFolderDto(user, row),
        formatMessage(req.locale, 'companyUploads.folderDeleted', { name: row.name }),
      );
    }),
  );
  return router;
}
