import crypto from 'node:crypto';
import type { Models } from '../../db/models';
import type { Recording } from './recording.model';
import type { RecordedSegment } from './render-recording';
import type { RecordingStorage } from './storage/storage';

/**
 * Puts a rendered recording into storage and marks its row ready (its
 * transcript queued, its heartbeat ended), with `extra` columns (a salvage's
 * `interrupted` and `endedAt`). False when the row was deleted meanwhile: the
 * stored file is removed again.
 */
export async function storeRendered(
  deps: { models: Models; storage: RecordingStorage },
  row: Recording,
  rendered: { file: string; durationMs: number; segments: RecordedSegment[] },
  extra: Partial<Pick<Recording, 'interrupted' | 'endedAt'>> = {},
): Promise<boolean> {
  const key = `${row.companyId ?? 'none'}/${row.id}-${crypto.randomBytes(6).toString('hex')}.webm`;
  const size = await deps.storage.put(key, rendered.file);
  if (!(await deps.models.Recording.findByPk(row.id))) {
    await deps.storage.remove(key);
    return false;
  }
  await row.update({
    status: 'ready',
    storageKey: key,
    size,
    durationMs: rendered.durationMs,
    segments: JSON.stringify(rendered.segments),
    transcriptStatus: 'queued',
    heartbeatAt: null,
    ...extra,
  });
  return true;
}
