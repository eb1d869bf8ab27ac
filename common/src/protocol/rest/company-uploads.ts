import { z } from 'zod';
import { displayNameSchema } from './common';

/**
 * The company file share (spec §2 file share, §3 "File or folder: name,
 * created, modified, owner. Company uploads exist", §5 names ≤ 100, calls spec
 * §7.10 company-uploads CRUD and download). Folders nest; a file sits in one
 * folder or at the top (folderId null). Every member of the team reads,
 * uploads and creates; the owner of an item, or the team's OWNER/ADMIN,
 * renames, moves and deletes it. Another team's item and a missing one look
 * the same (404). Under `/api`:
 *
 * - `GET company-uploads?folderId=` — the folder's folders and files, and its path from the top.
 * - `GET company-uploads/{id}` — one file.
 * - `POST company-uploads?folderId=` — multipart field `file` (streamed to disk, charged to the
 *   team's storage quota shared with chat uploads). 201 `{ data, message }`.
 * - `PATCH company-uploads/{id}` — `{ name?, folderId? }`: rename and/or move.
 * - `DELETE company-uploads/{id}`.
 * - `GET company-uploads/{id}/download` — the bytes, as an attachment.
 * - `POST company-folders` `{ name, parentId? }`, `PATCH company-folders/{id}` `{ name?, parentId? }`,
 *   `DELETE company-folders/{id}` (with everything inside).
 */
export const COMPANY_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** How deep folders nest (a path the UI can still show). */
export const COMPANY_FOLDER_MAX_DEPTH = 10;

const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** A folder id, or null / "" / "root" for the top. */
const folderRef = z.union([z.literal('root').transform(() => null), z.literal('').transform(() => null), id]);

export const companyUploadListQuerySchema = z.object({ folderId: folderRef.nullable().optional() });
export const companyUploadCreateQuerySchema = companyUploadListQuerySchema;

export const companyFolderCreateSchema = z.object({
  name: displayNameSchema,
  parentId: id.nullable().optional(),
});
export type CompanyFolderCreateBody = z.input<typeof companyFolderCreateSchema>;

export const companyFolderUpdateSchema = z
  .object({ name: displayNameSchema.optional(), parentId: id.nullable().optional() })
  .refine((b) => b.name !== undefined || b.parentId !== undefined, { message: 'nothingToChange', path: ['name'] });
export type CompanyFolderUpdateBody = z.input<typeof companyFolderUpdateSchema>;

export const companyUploadUpdateSchema = z
  .object({ name: displayNameSchema.optional(), folderId: id.nullable().optional() })
  .refine((b) => b.name !== undefined || b.folderId !== undefined, { message: 'nothingToChange', path: ['name'] });
export type CompanyUploadUpdateBody = z.input<typeof companyUploadUpdateSchema>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const companyFolderSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  parentId: z.number().int().positive().nullable(),
  owner: person,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may rename, move and delete it. */
  canEdit: z.boolean(),
});
export type CompanyFolderDto = z.infer<typeof companyFolderSchema>;

export const companyFileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  folderId: z.number().int().positive().nullable(),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
  owner: person,
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  /** The download path under /api (needs the token: fetch it as a blob). */
  url: z.string(),
});
export type CompanyFileDto = z.infer<typeof companyFileSchema>;

export const companyUploadListSchema = z.object({
  folder: companyFolderSchema.nullable(),
  /** From the top down to the folder itself. */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  folders: z.array(companyFolderSchema),
  files: z.array(companyFileSchema),
  /** Every folder of the team (id, name, parent), for the move picker. */
  allFolders: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() })),
  storage: z.object({ usedBytes: z.number(), quotaBytes: z.number() }),
});
export type CompanyUploadList = z.infer<typeof companyUploadListSchema>;

export const COMPANY_UPLOAD_PATHS = {
  list: (folderId: number | null) => `/company-uploads?folderId=${folderId ?? 'root'}`,
  upload: (folderId: number | null) => `/company-uploads?folderId=${folderId ?? 'root'}`,
  file: (id: number) => `/company-uploads/${id}`,
  download: (id: number) => `/company-uploads/${id}/download`,
  folders: '/company-folders',
  folder: (id: number) => `/company-folders/${id}`,
};
