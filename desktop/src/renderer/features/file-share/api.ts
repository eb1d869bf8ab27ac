import {
  COMPANY_UPLOAD_PATHS,
  companyFileSchema,
  companyFolderSchema,
  companyUploadListSchema,
  detailSchema,
  mutationSchema,
  type CompanyFolderCreateBody,
  type CompanyFolderUpdateBody,
  type CompanyUploadUpdateBody,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';
import { downloadFile, uploadFile, type ProgressListener, type TransferOptions } from '../chat/transfer';

/** REST of the company file share (calls spec §7.10; paths in common/src/protocol/rest/company-uploads.ts). */
export const fetchList = async (api: ApiClient, folderId: number | null) =>
  detailSchema(companyUploadListSchema).parse(await api.get(COMPANY_UPLOAD_PATHS.list(folderId))).data;

export const createFolder = async (api: ApiClient, body: CompanyFolderCreateBody) =>
  mutationSchema(companyFolderSchema).parse(await api.post(COMPANY_UPLOAD_PATHS.folders, body));
export const updateFolder = async (api: ApiClient, id: number, body: CompanyFolderUpdateBody) =>
  mutationSchema(companyFolderSchema).parse(await api.patch(COMPANY_UPLOAD_PATHS.folder(id), body));
export const removeFolder = async (api: ApiClient, id: number) =>
  mutationSchema(companyFolderSchema).parse(await api.delete(COMPANY_UPLOAD_PATHS.folder(id)));

export const updateFile = async (api: ApiClient, id: number, body: CompanyUploadUpdateBody) =>
  mutationSchema(companyFileSchema).parse(await api.patch(COMPANY_UPLOAD_PATHS.file(id), body));
export const removeFile = async (api: ApiClient, id: number) =>
  mutationSchema(companyFileSchema).parse(await api.delete(COMPANY_UPLOAD_PATHS.file(id)));

/** POST company-uploads (multipart `file`) with 0–100 progress. */
export async function uploadShared(
  transfer: TransferOptions,
  folderId: number | null,
  file: File,
  onProgress: ProgressListener,
) {
  const name = file.name || 'file';
  const answer = await uploadFile(
    transfer,
    COMPANY_UPLOAD_PATHS.upload(folderId),
    { file: { blob: file, name } },
    onProgress,
  );
  return mutationSchema(companyFileSchema).parse(answer);
}

/** GET company-uploads/{id}/download as a Blob with 0–100 progress (it needs the token). */
export const downloadShared = (transfer: TransferOptions, id: number, onProgress: ProgressListener) =>
  downloadFile(transfer, COMPANY_UPLOAD_PATHS.download(id), undefined, onProgress);
