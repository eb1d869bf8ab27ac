import {
  mutationSchema,
  pagedSchema,
  VIRTUAL_BACKGROUND_PATHS,
  virtualBackgroundSchema,
  type VirtualBackgroundDto,
  type VirtualBackgroundGuestQuery,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';
import { downloadFile, uploadFile, type ProgressListener, type TransferOptions } from '../chat/transfer';

/**
 * Who the calls are made as: the signed-in user (the app's API client), or
 * an account-less guest on their floor (a client holding the guest token,
 * and the guest routes' extra parameters).
 */
export interface BackgroundSession {
  /** 'user:<id>' or 'guest:<floorId>:<userId>': the list in the store belongs to this. */
  key: string;
  client: ApiClient;
  transfer: TransferOptions;
  guest?: VirtualBackgroundGuestQuery;
}

const listAnswer = pagedSchema(virtualBackgroundSchema);
const mutationAnswer = mutationSchema(virtualBackgroundSchema);

/** GET virtual-backgrounds (or …/guest): my backgrounds, newest first (at most 20, one page). */
export async function listBackgrounds(session: BackgroundSession): Promise<VirtualBackgroundDto[]> {
  return listAnswer.parse(await session.client.get(VIRTUAL_BACKGROUND_PATHS.list(session.guest))).data;
}

/** POST virtual-backgrounds/upload (or …/upload/guest), multipart `file`, with 0–100 progress. */
export async function uploadBackground(session: BackgroundSession, file: File, onProgress: ProgressListener) {
  const path = VIRTUAL_BACKGROUND_PATHS.upload(session.guest);
  const name = file.name.slice(-100) || 'background';
  return mutationAnswer.parse(await uploadFile(session.transfer, path, { file: { blob: file, name } }, onProgress));
}

/** GET virtual-backgrounds/download/{id}: the image as a Blob (it needs the token, so no plain <img src>). */
export function downloadBackground(session: BackgroundSession, id: number): Promise<Blob> {
  return downloadFile(session.transfer, VIRTUAL_BACKGROUND_PATHS.download(id), undefined, () => undefined);
}

/** DELETE virtual-backgrounds/{id} (or …/{id}/guest with the guest's parameters). */
export async function removeBackground(session: BackgroundSession, id: number) {
  return mutationAnswer.parse(await session.client.delete(VIRTUAL_BACKGROUND_PATHS.remove(id, session.guest)));
}
