import type { TimeLogDto } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { TimeLog } from './attendance.models';
import type { RecordedTimes } from './time-log-correction.model';

/** What the people reading a record see of its corrections: the last one's reason, who and when, and the original. */
export type CorrectionView = NonNullable<TimeLogDto['correction']>;

export const timesOf = (log: Pick<TimeLog, 'checkInAt' | 'checkOutAt' | 'breaks'>): RecordedTimes => ({
  checkInAt: log.checkInAt.toISOString(),
  checkOutAt: log.checkOutAt?.toISOString() ?? null,
  breaks: log.breaks.map((b) => ({ start: b.start, end: b.end })),
});

/** The corrections of these records, by record: the last one's reason, who made it and when, and the original. */
export async function correctionsOf(models: Models, logIds: number[]): Promise<Map<number, CorrectionView>> {
  const out = new Map<number, CorrectionView>();
  if (logIds.length === 0) return out;
  const rows = await models.TimeLogCorrection.findAll({
    where: { timeLogId: [...new Set(logIds)] },
    order: [['id', 'ASC']],
  });
  if (rows.length === 0) return out;
  const people = await models.User.findAll({
    where: { id: [...new Set(rows.map((r) => r.correctedBy).filter((id): id is number => id !== null))] },
    attributes: ['id', 'name'],
    paranoid: false,
  });
  const names = new Map(people.map((p) => [p.id, p.name]));
  const first = new Map<number, RecordedTimes>();
  for (const r of rows) {
    if (!first.has(r.timeLogId)) first.set(r.timeLogId, JSON.parse(r.beforeJson) as RecordedTimes);
    out.set(r.timeLogId, {
      reason: r.reason,
      by: (r.correctedBy !== null && names.get(r.correctedBy)) || '?',
      at: r.createdAt.toISOString(),
      original: first.get(r.timeLogId)!,
    });
  }
  return out;
}
