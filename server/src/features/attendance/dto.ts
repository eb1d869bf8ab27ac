import {
  allowedActions,
  type LastRecordDto,
  type Report,
  type ReportRowDto,
  type ShiftDto,
  type ShiftInput,
  type RecordInput,
  type TimeLogDto,
} from '@tsudoi/common';
import type { Shift, TimeLog } from './attendance.models';

export const toTimeLogDto = (log: TimeLog, correction: TimeLogDto['correction'] = null): TimeLogDto => ({
  id: log.id,
  userId: log.userId,
  status: log.status,
  checkInAt: log.checkInAt.toISOString(),
  checkOutAt: log.checkOutAt?.toISOString() ?? null,
  breaks: log.breaks.map((b) => ({ start: b.start, end: b.end })),
  edited: log.editedBy !== null,
  correction,
});

export const toLastRecordDto = (log: TimeLog | null): LastRecordDto => ({
  status: log?.status ?? null,
  record: log ? toTimeLogDto(log) : null,
  allowed: allowedActions(log?.status ?? null),
});

export const toShiftDto = (s: Shift): ShiftDto => ({
  id: s.id,
  userId: s.userId,
  title: s.title,
  start: s.startAt.toISOString(),
  end: s.endAt.toISOString(),
  breaks: s.breaks,
  seriesId: s.seriesId,
});

export const recordInput = (log: TimeLog): RecordInput => ({
  id: log.id,
  checkInAt: log.checkInAt,
  checkOutAt: log.checkOutAt,
  breaks: log.breaks.map((b) => ({ start: new Date(b.start), end: b.end ? new Date(b.end) : null })),
});

export const shiftInput = (s: Shift): ShiftInput => ({
  id: s.id,
  start: s.startAt,
  end: s.endAt,
  breaks: s.breaks.map((b) => ({ start: new Date(b.start), end: new Date(b.end) })),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** The report's rows, each with the corrections of its records (issue 25 §14: shown wherever the record is). */
export const toReportRows = (
  report: Report,
  corrections: ReadonlyMap<number, NonNullable<TimeLogDto['correction']>> = new Map(),
): ReportRowDto[] =>
  report.rows.map((r) => ({
    ...r,
    shiftStart: iso(r.shiftStart),
    shiftEnd: iso(r.shiftEnd),
    checkIn: iso(r.checkIn),
    checkOut: iso(r.checkOut),
    corrections: r.recordIds
      .map((id) => corrections.get(id))
      .filter((c): c is NonNullable<typeof c> => c !== undefined)
      .map(({ reason, by, at }) => ({ reason, by, at })),
  }));
