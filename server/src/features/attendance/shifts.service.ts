import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import {
  addDays,
  formatMessage,
  shiftProblems,
  zonedInstant,
  type Locale,
  type ShiftDto,
  type shiftCreateSchema,
  type shiftQuerySchema,
  type shiftUpdateSchema,
} from '@tsudoi/common';
import type { z } from 'zod';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { transact } from '../companies';
import type { User } from '../users/user.model';
import type { AttendanceAccess } from './access';
import type { Shift } from './attendance.models';
import { toShiftDto } from './dto';

type ShiftFields = z.output<typeof shiftUpdateSchema>;
type ShiftCreate = z.output<typeof shiftCreateSchema>;
type ShiftQuery = z.output<typeof shiftQuerySchema>;

interface Placed {
  start: Date;
  end: Date;
  breaks: { start: Date; end: Date }[];
}

/**
 * Places a shift form in the company zone: the end on `endDate`, else on the
 * start date or the next day when its time is earlier (a night shift); each
 * break at the first occurrence of its times at or after the shift start.
 */
export function placeShift(f: ShiftFields, date: string, timeZone: string): Placed {
  const start = zonedInstant(date, f.startTime, timeZone);
  const endOffset = f.endDate ? daysDiff(f.date, f.endDate) : f.endTime < f.startTime ? 1 : 0;
  const end = zonedInstant(addDays(date, endOffset), f.endTime, timeZone);
  const breaks = f.breaks.map((b) => {
    const bDate = b.start < f.startTime ? addDays(date, 1) : date;
    const bs = zonedInstant(bDate, b.start, timeZone);
    const be = zonedInstant(b.end < b.start ? addDays(bDate, 1) : bDate, b.end, timeZone);
    return { start: bs, end: be };
  });
  return { start, end, breaks };
}

const daysDiff = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

function check(placed: Placed, locale: Locale): void {
  const problems = shiftProblems(placed, placed.breaks);
  const keys = Object.keys(problems) as (keyof typeof problems)[];
  if (keys.length === 0) return;
  const fields: Record<string, string> = {};
  for (const k of keys) fields[k] = formatMessage(locale, problems[k] as never);
  throw new AppError('VALIDATION_FAILED', { fields });
}

const stored = (p: Placed) => ({
  startAt: p.start,
  endAt: p.end,
  breaks: p.breaks.map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString() })),
});

/** Shifts: one or many employees, weekly templates, the week view (product spec §5 rules). */
export class ShiftService {
  constructor(
    private readonly models: Models,
    private readonly access: AttendanceAccess,
  ) {}

  private between(q: ShiftQuery, timeZone: string) {
    return {
      [Op.gte]: zonedInstant(q.start, '00:00', timeZone),
      [Op.lt]: zonedInstant(addDays(q.end, 1), '00:00', timeZone),
    };
  }

  /** GET shifts/by-employee: one employee's shifts starting in [start, end] (seeAllShifts for a teammate). */
  async byEmployee(user: User, q: ShiftQuery, locale: Locale): Promise<ShiftDto[]> {
    const target = await this.access.target(user, q.employeeId, 'seeAllShifts', locale);
    const companyId = this.access.companyOf(user);
    const tz = await this.access.timeZoneOf(companyId);
    const rows = await this.models.Shift.findAll({
      where: { companyId, userId: target.id, startAt: this.between(q, tz) },
      order: [['startAt', 'ASC']],
    });
    return rows.map(toShiftDto);
  }

  /** GET shifts: the team's shifts with seeAllShifts, else one's own. */
  async team(user: User, q: ShiftQuery): Promise<ShiftDto[]> {
    const companyId = this.access.companyOf(user);
    const tz = await this.access.timeZoneOf(companyId);
    const all = (await this.access.permissionsOf(user)).seeAllShifts;
    const rows = await this.models.Shift.findAll({
      where: { companyId, ...(all ? {} : { userId: user.id }), startAt: this.between(q, tz) },
      order: [['startAt', 'ASC']],
    });
    return rows.map(toShiftDto);
  }

  /** POST shifts (editShifts): the shift for each employee, and `repeatWeeks` weekly copies. */
  async create(user: User, body: ShiftCreate, locale: Locale): Promise<ShiftDto[]> {
    const companyId = this.access.companyOf(user);
    const ids = [...new Set(body.employeeIds)];
    for (const id of ids) await this.access.member(user, id);
    await this.access.require(user, 'editShifts', locale);
    const tz = await this.access.timeZoneOf(companyId);
    const dates = Array.from({ length: body.repeatWeeks + 1 }, (_, w) => addDays(body.date, 7 * w));
    const placed = dates.map((d) => placeShift(body, d, tz));
    for (const p of placed) check(p, locale);
    const seriesId = body.repeatWeeks > 0 ? randomUUID() : null;
    const rows = await transact(this.models, (transaction) =>
      this.models.Shift.bulkCreate(
        ids.flatMap((userId) =>
          placed.map((p) => ({
            companyId,
            userId,
            title: body.title ?? null,
            seriesId,
            createdBy: user.id,
            ...stored(p),
          })),
        ),
        { transaction },
      ),
    );
    return rows.map(toShiftDto);
  }

  private async own(user: User, id: number, locale: Locale): Promise<Shift> {
    const companyId = this.access.companyOf(user);
    const shift = await this.models.Shift.findOne({ where: { id, companyId } });
    if (!shift) throw new AppError('SHIFT_NOT_FOUND');
    await this.access.require(user, 'editShifts', locale);
    return shift;
  }

  /** PATCH shifts/{id} (editShifts). */
  async update(user: User, id: number, body: ShiftFields, locale: Locale): Promise<ShiftDto> {
    const shift = await this.own(user, id, locale);
    const p = placeShift(body, body.date, await this.access.timeZoneOf(shift.companyId));
    check(p, locale);
    await shift.update({ title: body.title ?? null, ...stored(p) });
    return toShiftDto(shift);
  }

  /** DELETE shifts/{id} (editShifts). */
  async remove(user: User, id: number, locale: Locale): Promise<ShiftDto> {
    const shift = await this.own(user, id, locale);
    const dto = toShiftDto(shift);
    await shift.destroy();
    return dto;
  }
}
