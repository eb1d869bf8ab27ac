import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../auth/guards';
import type { TokenService } from '../auth/tokens.service';
import type { FloorService, ParticipantService } from '../floors';
import { AdminActions } from './admin-actions';
import { AdminQueries } from './admin-queries';
import { adminRoutes } from './admin.routes';
import { AuditLog } from './audit';
import { FileSources, uploadFileSources, type UploadStores } from './file-sources';

export { AuditLog, snapshot } from './audit';
export { FileSources, type FileSource } from './file-sources';
export { csvField, csvLine, streamCsv, UTF8_BOM } from './csv';

export interface AdminFeatureDeps {
  models: Models;
  guards: Guards;
  tokens: TokenService;
  floors: FloorService;
  participants: ParticipantService;
  clock: Clock;
  /** The chat's and the virtual backgrounds' stores, for single-file download and delete. */
  uploadStores: UploadStores;
  /** The audit log the other features write to as well (one is made otherwise). */
  audit?: AuditLog;
}

/** The platform admin's console (issue 19): lists, edits, exports, audit log, dashboard and storage. */
export function createAdminFeature({
  models,
  guards,
  tokens,
  floors,
  participants,
  clock,
  uploadStores,
  audit = new AuditLog(models),
}: AdminFeatureDeps) {
  const files = new FileSources();
  for (const source of uploadFileSources(models, uploadStores)) files.register(source);
  const queries = new AdminQueries(models);
  const actions = new AdminActions({ models, audit, tokens, floors, participants });
  return {
    audit,
    actions,
    fileSources: files,
    router: adminRoutes({ models, guards, queries, actions, files, clock, audit }),
  };
}
export type AdminFeature = ReturnType<typeof createAdminFeature>;
