import { localDate } from './time-zone';
import type { Interval } from './shift-rules';

/**
 * The attendance report (pure): each shift and each day worked without a
 * shift becomes a row with the first check-in, the last check-out, break and
 * worked minutes, and against the shift: late, early leave and absence.
 *
 * - A record belongs to the shift it overlaps (within MATCH_SLACK either
 *   side) whose start is nearest its check-in; a shift that crosses midnight
 *   keeps its records on the date it starts. A record with no shift is a row
 *   of the local date of its check-in.
 * - Late: minutes from the shift start to the first check-in. Early leave:
 *   minutes from the last check-out to the shift end, once every record of
 *   the shift is closed. Absence: a shift that has ended with no record.
 * - Worked: check-in to check-out (to `now` while open) minus breaks (an
 *   open break runs to the end of the record). Whole minutes, rounded down.
 */
export interface RecordInput {
  id: number;
  checkInAt: Date;
  checkOutAt: Date | null;
  breaks: { start: Date; end: Date | null }[];
}

export interface ShiftInput {
  id: number;
  start: Date;
  end: Date;
  breaks: Interval[];
}

export interface ReportRow {
  /** Local date (company zone) of the shift start, or of the check-in. */
  date: string;
  shiftId: number | null;
  shiftStart: Date | null;
  shiftEnd: Date | null;
  /** Shift length minus its planned breaks. */
  scheduledMin: number;
  checkIn: Date | null;
  /** The last check-out; null while a record is open. */
  checkOut: Date | null;
  open: boolean;
  breakMin: number;
  workedMin: number;
  lateMin: number;
  earlyLeaveMin: number;
  absent: boolean;
  recordIds: number[];
}

export interface ReportTotals {
  days: number;
  scheduledMin: number;
  workedMin: number;
  breakMin: number;
  lateCount: number;
  lateMin: number;
  earlyLeaveCount: number;
  earlyLeaveMin: number;
  absenceCount: number;
}

export interface Report {
  rows: ReportRow[];
  totals: ReportTotals;
}

export interface ReportInput {
  shifts: ShiftInput[];
  records: RecordInput[];
  timeZone: string;
  now: Date;
  /** Rows whose date lies in [from, to] (local dates) are kept; absent bounds keep all. */
  from?: string;
  to?: string;
}

export const MATCH_SLACK_MS = 4 * 3600_000;
const MIN = 60_000;

function recordMs(r: RecordInput, now: Date): { total: number; breaks: number } {
  const end = (r.checkOutAt ?? now).getTime();
  const start = r.checkInAt.getTime();
  let breaks = 0;
  for (const b of r.breaks) {
    const bs = Math.max(b.start.getTime(), start);
    const be = Math.min((b.end ?? new Date(end)).getTime(), end);
    if (be > bs) breaks += be - bs;
  }
  return { total: Math.max(0, end - start), breaks };
}

function matchShift(r: RecordInput, shifts: ShiftInput[], now: Date): ShiftInput | null {
  const inAt = r.checkInAt.getTime();
  const outAt = (r.checkOutAt ?? now).getTime();
  let best: ShiftInput | null = null;
  for (const s of shifts) {
    if (outAt < s.start.getTime() - MATCH_SLACK_MS || inAt > s.end.getTime() + MATCH_SLACK_MS) continue;
    if (!best || Math.abs(inAt - s.start.getTime()) < Math.abs(inAt - best.start.getTime())) best = s;
  }
  return best;
}

export function buildReport({ shifts, records, timeZone, now, from, to }: ReportInput): Report {
  const byShift = new Map<number, RecordInput[]>();
  const byDate = new Map<string, RecordInput[]>();
  for (const r of records) {
    const s = matchShift(r, shifts, now);
    if (s) byShift.set(s.id, [...(byShift.get(s.id) ?? []), r]);
    else {
      const d = localDate(r.checkInAt, timeZone);
      byDate.set(d, [...(byDate.get(d) ?? []), r]);
    }
  }
  const rows: ReportRow[] = [];
  const rowOf = (date: string, shift: ShiftInput | null, recs: RecordInput[]): ReportRow => {
    const sorted = [...recs].sort((a, b) => a.checkInAt.getTime() - b.checkInAt.getTime());
    const open = sorted.some((r) => !r.checkOutAt);
    let total = 0;
    let breaks = 0;
    for (const r of sorted) {
      const ms = recordMs(r, now);
      total += ms.total;
      breaks += ms.breaks;
    }
    const checkIn = sorted[0]?.checkInAt ?? null;
    const outs = sorted.map((r) => r.checkOutAt?.getTime() ?? 0);
    const checkOut = !open && sorted.length > 0 ? new Date(Math.max(...outs)) : null;
    const planned = shift
      ? shift.breaks.reduce((sum, b) => sum + Math.max(0, b.end.getTime() - b.start.getTime()), 0)
      : 0;
    return {
      date,
      shiftId: shift?.id ?? null,
      shiftStart: shift?.start ?? null,
      shiftEnd: shift?.end ?? null,
      scheduledMin: shift ? Math.floor((shift.end.getTime() - shift.start.getTime() - planned) / MIN) : 0,
      checkIn,
      checkOut,
      open,
      breakMin: Math.floor(breaks / MIN),
      workedMin: Math.floor((total - breaks) / MIN),
      lateMin: shift && checkIn ? Math.max(0, Math.floor((checkIn.getTime() - shift.start.getTime()) / MIN)) : 0,
      earlyLeaveMin: shift && checkOut ? Math.max(0, Math.floor((shift.end.getTime() - checkOut.getTime()) / MIN)) : 0,
      absent: !!shift && sorted.length === 0 && shift.end.getTime() <= now.getTime(),
      recordIds: sorted.map((r) => r.id),
    };
  };
  for (const s of shifts) rows.push(rowOf(localDate(s.start, timeZone), s, byShift.get(s.id) ?? []));
  for (const [date, recs] of byDate) rows.push(rowOf(date, null, recs));
  const kept = rows
    .filter((r) => (!from || r.date >= from) && (!to || r.date <= to))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.shiftStart ?? a.checkIn ?? now).getTime() - (b.shiftStart ?? b.checkIn ?? now).getTime(),
    );
  return { rows: kept, totals: totalsOf(kept) };
}

export function totalsOf(rows: ReportRow[]): ReportTotals {
  const t: ReportTotals = {
    days: new Set(rows.filter((r) => r.recordIds.length > 0).map((r) => r.date)).size,
    scheduledMin: 0,
    workedMin: 0,
    breakMin: 0,
    lateCount: 0,
    lateMin: 0,
    earlyLeaveCount: 0,
    earlyLeaveMin: 0,
    absenceCount: 0,
  };
  for (const r of rows) {
    t.scheduledMin += r.scheduledMin;
    t.workedMin += r.workedMin;
    t.breakMin += r.breakMin;
    if (r.lateMin > 0) {
      t.lateCount++;
      t.lateMin += r.lateMin;
    }
    if (r.earlyLeaveMin > 0) {
      t.earlyLeaveCount++;
      t.earlyLeaveMin += r.earlyLeaveMin;
    }
    if (r.absent) t.absenceCount++;
  }
  return t;
}

/** 'H:MM' of minutes (worked hours in tables, the PDF and CSV). */
export const formatMinutes = (min: number): string => `${Math.floor(min / 60)}:${String(min % 60).padStart(2, '0')}`;
