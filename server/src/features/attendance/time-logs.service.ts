import { Op } from 'sequelize';
import {
  addDays,
  buildReport,
  formatMessage,
  localDate,
  localTime,
  placeTimeLog,
  resolveRange,
  statusOfLog,
  timeLogProblems,
  transition,
  zonedInstant,
  type AttendanceAction,
  type AttendanceReportDto,
  type LastRecordDto,
  type Locale,
  type TeamStatusDto,
  type TimeLogDto,
  type TimeLogForm,
  type TimeLogRangeQuery,
} from '@tsudoi/common';
import type { z } from 'zod';
import type { timeLogRangeQuerySchema } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/app-error';
import { transact } from '../companies';
import type { User } from '../users/user.model';
import type { AttendanceAccess } from './access';
import type { StoredBreak, TimeLog } from './attendance.models';
import { recordInput, shiftInput, toLastRecordDto, toReportRows, toTimeLogDto } from './dto';
import { correctionsOf, timesOf } from './corrections';
import type { RecordedTimes } from './time-log-correction.model';

type RangeQuery = z.output<typeof timeLogRangeQuerySchema>;
export type StatusListener = (change: { companyId: number; userId: number; log: TimeLog }) => void;

export interface Window {
  timeZone: string;
  from: string | null;
  to: string | null;
  /** Instants that hold every row of the dates (a day of slack either side for night shifts). */
  since: Date | null;
  until: Date | null;
}

/** A correction just made (its listeners tell the employee and write the audit log). */
export interface Correction {
  companyId: number;
  log: TimeLog;
  before: RecordedTimes;
  by: User;
  reason: string;
  timeZone: string;
}

/** Check-in, breaks and check-out (the status machine on the open record), time logs and the report. */
export class TimeLogService {
  private listeners: StatusListener[] = [];
  constructor(
    private readonly models: Models,
    private readonly access: AttendanceAccess,
    private readonly clock: Clock,
  ) {}

  onStatusChanged(listener: StatusListener): void {
    this.listeners.push(listener);
  }

  private latest(userId: number, companyId: number): Promise<TimeLog | null> {
    return this.models.TimeLog.findOne({
      where: { userId, companyId },
      order: [
        ['checkInAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
  }

  async lastRecord(user: User): Promise<LastRecordDto> {
    return toLastRecordDto(await this.latest(user.id, this.access.companyOf(user)));
  }

  /** POST time-log/record: one action of the machine, for oneself or (manageOthers) a teammate. */
  async record(
    user: User,
    action: AttendanceAction,
    employeeId: number | undefined,
    locale: Locale,
  ): Promise<{ dto: LastRecordDto; message: string }> {
    const companyId = this.access.companyOf(user);
    const target = await this.access.target(user, employeeId, 'manageOthers', locale);
    const now = this.clock.now();
    const log = await transact(this.models, async (transaction) => {
      const last = await this.models.TimeLog.findOne({
        where: { userId: target.id, companyId },
        order: [
          ['checkInAt', 'DESC'],
          ['id', 'DESC'],
        ],
        transaction,
      });
      const step = transition(last?.status ?? null, action);
      if (!step.ok) throw new AppError(step.code);
      if (action === 'checkIn') {
        return this.models.TimeLog.create(
          {
            companyId,
            userId: target.id,
            status: 'working',
            checkInAt: now,
            checkOutAt: null,
            breaks: [],
            editedBy: null,
          },
          { transaction },
        );
      }
      const open = last!;
      const breaks: StoredBreak[] = open.breaks.map((b) => ({ ...b }));
      const running = breaks.at(-1);
      if (action === 'startBreak') breaks.push({ start: now.toISOString(), end: null });
      else if (running && running.end === null) running.end = now.toISOString();
      open.breaks = breaks;
      open.status = step.status;
      if (action === 'checkOut') open.checkOutAt = now;
      await open.save({ transaction });
      return open;
    });
    for (const listener of this.listeners) listener({ companyId, userId: target.id, log });
    const timeZone = await this.access.timeZoneOf(companyId);
    const message = formatMessage(locale, `attendance.recorded.${action}`, { time: localTime(now, timeZone) });
    return { dto: toLastRecordDto(log), message };
  }

  /**
   * PATCH time-log/{id}: corrects a record of the team (editAllAttendance,
   * oneself included), with a reason (issue 25 §14). Another team's record
   * is TIME_LOG_NOT_FOUND; every rule broken is a field message and nothing
   * changes. The correction is kept (reason, who, the record before and
   * after; the first "before" is the original) and shown wherever the record
   * is; the employee is told and the audit log records it (onCorrected); the
   * team hears the new status when the latest record changed.
   */
  async update(user: User, id: number, form: TimeLogForm & { reason: string }, locale: Locale) {
    const companyId = this.access.companyOf(user);
    const log = await this.models.TimeLog.findOne({ where: { id, companyId } });
    if (!log) throw new AppError('TIME_LOG_NOT_FOUND');
    await this.access.require(user, 'editAllAttendance', locale);
    const timeZone = await this.access.timeZoneOf(companyId);
    const placed = placeTimeLog(form, timeZone);
    const fail = (fields: Partial<Record<string, string>>) => {
      const out: Record<string, string> = {};
      for (const [k, m] of Object.entries(fields)) if (m) out[k] = formatMessage(locale, m as never);
      return new AppError('VALIDATION_FAILED', { fields: out });
    };
    const problems = timeLogProblems(placed, this.clock.now());
    if (Object.keys(problems).length > 0) throw fail(problems);
    const saved = await transact(this.models, async (transaction) => {
      const others = await this.models.TimeLog.findAll({
        where: { companyId, userId: log.userId, id: { [Op.ne]: log.id } },
        transaction,
      });
      const start = placed.checkInAt.getTime();
      const end = (placed.checkOutAt ?? this.clock.now()).getTime();
      if (placed.checkOutAt === null && others.some((o) => o.checkInAt.getTime() > start))
        throw fail({ checkOutTime: 'attendance.validation.checkOutRequired' });
      const overlaps = others.some((o) => {
        const oEnd = (o.checkOutAt ?? this.clock.now()).getTime();
        return o.checkInAt.getTime() < end && start < oEnd;
      });
      if (overlaps) throw fail({ checkInTime: 'attendance.validation.overlapsRecord' });
      const before = timesOf(log);
      log.checkInAt = placed.checkInAt;
      log.checkOutAt = placed.checkOutAt;
      log.breaks = placed.breaks.map((b) => ({ start: b.start.toISOString(), end: b.end?.toISOString() ?? null }));
      log.status = statusOfLog(placed);
      log.editedBy = user.id;
      await log.save({ transaction });
      // the correction is kept with its reason and the record before and after (the first "before" is the original)
      await this.models.TimeLogCorrection.create(
        {
          timeLogId: log.id,
          companyId,
          userId: log.userId,
          correctedBy: user.id,
          reason: form.reason,
          beforeJson: JSON.stringify(before),
          afterJson: JSON.stringify(timesOf(log)),
          createdAt: this.clock.now(),
        },
        { transaction },
      );
      return { log, before };
    });
    const corrected = { companyId, log: saved.log, before: saved.before, by: user, reason: form.reason, timeZone };
    for (const listener of this.correctionListeners) listener(corrected);
    const latest = await this.latest(saved.log.userId, companyId);
    if (latest?.id === saved.log.id)
      for (const listener of this.listeners) listener({ companyId, userId: saved.log.userId, log: saved.log });
    return saved.log;
  }

  private readonly correctionListeners: ((c: Correction) => void)[] = [];

  /** A record was corrected (the employee is told; the audit log keeps it): features/index wires it. */
  onCorrected(listener: (c: Correction) => void): void {
    this.correctionListeners.push(listener);
  }

  /** The dates of a range query in the company's zone, or 400 with the field's message. */
  async window(companyId: number, query: RangeQuery, locale: Locale): Promise<Window> {
    const timeZone = await this.access.timeZoneOf(companyId);
    const today = localDate(this.clock.now(), timeZone);
    const range = resolveRange(query.range, today, query.start, query.end);
    if (!range.ok) {
      throw new AppError('VALIDATION_FAILED', {
        fields: {
          [query.range === 'custom' ? (range.field === 'from' ? 'start' : 'end') : 'range']: formatMessage(
            locale,
            range.message as never,
          ),
        },
      });
    }
    const from = range.from ?? null;
    const to = range.to ?? null;
    return {
      timeZone,
      from,
      to,
      since: from ? zonedInstant(addDays(from, -1), '00:00', timeZone) : null,
      until: to ? zonedInstant(addDays(to, 2), '00:00', timeZone) : null,
    };
  }

  async logsBetween(companyId: number, userId: number, w: Window): Promise<TimeLog[]> {
    const checkInAt = {
      ...(w.since ? { [Op.gte]: w.since } : {}),
      ...(w.until ? { [Op.lt]: w.until } : {}),
    };
    return this.models.TimeLog.findAll({
      where: { companyId, userId, ...(w.since || w.until ? { checkInAt } : {}) },
      order: [['checkInAt', 'ASC']],
    });
  }

  /** GET time-log/by-employee: the records of the range (dates of check-in in the company zone). */
  async byEmployee(user: User, query: RangeQuery, locale: Locale): Promise<TimeLogDto[]> {
    const target = await this.access.target(user, query.employeeId, 'seeAllRecords', locale);
    const companyId = this.access.companyOf(user);
    const w = await this.window(companyId, query, locale);
    const logs = await this.logsBetween(companyId, target.id, w);
    const corrections = await correctionsOf(
      this.models,
      logs.map((l) => l.id),
    );
    return logs
      .filter((l) => {
        const d = localDate(l.checkInAt, w.timeZone);
        return (!w.from || d >= w.from) && (!w.to || d <= w.to);
      })
      .map((log) => toTimeLogDto(log, corrections.get(log.id) ?? null));
  }

  /** The report of one employee over a window (access already checked). */
  async reportOf(companyId: number, employee: User, w: Window): Promise<AttendanceReportDto> {
    const logs = await this.logsBetween(companyId, employee.id, w);
    const startAt = {
      ...(w.since ? { [Op.gte]: w.since } : {}),
      ...(w.until ? { [Op.lt]: w.until } : {}),
    };
    const shifts = await this.models.Shift.findAll({
      where: { companyId, userId: employee.id, ...(w.since || w.until ? { startAt } : {}) },
      order: [['startAt', 'ASC']],
    });
    const report = buildReport({
      shifts: shifts.map(shiftInput),
      records: logs.map(recordInput),
      timeZone: w.timeZone,
      now: this.clock.now(),
      ...(w.from ? { from: w.from } : {}),
      ...(w.to ? { to: w.to } : {}),
    });
    return {
      employee: { id: employee.id, name: employee.name },
      timeZone: w.timeZone,
      from: w.from,
      to: w.to,
      rows: toReportRows(
        report,
        await correctionsOf(
          this.models,
          logs.map((l) => l.id),
        ),
      ),
      totals: report.totals,
    };
  }

  /** GET time-log/report. */
  async report(user: User, query: RangeQuery, locale: Locale): Promise<AttendanceReportDto> {
    const target = await this.access.target(user, query.employeeId, 'seeAllRecords', locale);
    const companyId = this.access.companyOf(user);
    return this.reportOf(companyId, target, await this.window(companyId, query, locale));
  }

  /** GET time-log/team: the whole team with their status now (status is shown to the team). */
  async team(user: User): Promise<TeamStatusDto[]> {
    const companyId = this.access.companyOf(user);
    const members = await this.models.User.findAll({
      where: { employmentCompanyId: companyId },
      order: [['name', 'ASC']],
    });
    const out: TeamStatusDto[] = [];
    for (const m of members) {
      const last = await this.latest(m.id, companyId);
      out.push({
        userId: m.id,
        name: m.name,
        avatarImageUrl: m.avatarImageUrl ?? null,
        role: m.employeeRole ?? null,
        status: last?.status ?? null,
        since: last ? sinceOf(last) : null,
        permissions: await this.access.permissionsOf(m),
      });
    }
    return out;
  }
}

/** When the current status began: check-out, the running break's start, or the check-in / last break's end. */
export function sinceOf(log: TimeLog): string {
  if (log.status === 'left' && log.checkOutAt) return log.checkOutAt.toISOString();
  const last = log.breaks.at(-1);
  if (log.status === 'onBreak' && last) return last.start;
  return last?.end ?? log.checkInAt.toISOString();
}

export type { TimeLogRangeQuery };
