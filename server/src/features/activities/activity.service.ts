import { Op } from 'sequelize';
import type { z } from 'zod';
import {
  FLOOR_TYPES,
  formatMessage,
  toJapanTime,
  type ActivityDto,
  type activityCreateSchema,
  type activityUpdateSchema,
  type Locale,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { User } from '../users/user.model';
import { viewFloor, type FloorAccess } from '../floors/floor-access';
import { checkFloorTimes } from '../floors/floor-times';
import { startOfJapanDay } from '../appointments/appointment.service';
import type { Activity } from './activity.model';
import { isVisitor } from '../floors/outsider-policy';

type CreateInput = z.output<typeof activityCreateSchema>;
type UpdateInput = z.output<typeof activityUpdateSchema>;

const DAY_MS = 86_400_000;

/** Where the service tells the floor of a change (the live floor's channel). */
export type ActivityNews =
  | { kind: 'created' | 'updated'; activity: ActivityDto }
  | { kind: 'deleted'; id: number; floorId: number };

export interface ActivityDeps {
  models: Models;
  clock: Clock;
  tell?: (news: ActivityNews) => void;
}

/**
 * Today's events (issue 16). Anyone who may see the floor reads them; its
 * host and subhosts and full team members (not the LIMITED_USER or GUEST team
 * roles, not invited guests) add them; the author, the host and subhosts
 * edit and delete them. Both times fall on today (Japan time) and follow the
 * floor time rules of spec §5. Older days' entries are deleted whenever the
 * floor's list is touched: only today's are kept.
 */
export class ActivityService {
  constructor(private readonly deps: ActivityDeps) {}

  async list(user: User, floorId: number): Promise<ActivityDto[]> {
    const access = await viewFloor(this.deps.models, user, floorId);
    // today's events are the floor's own people's; a booked visitor sees their visit only
    if (isVisitor(access.me)) throw new AppError('FORBIDDEN');
    await this.dropOlder(floorId);
    const rows = await this.deps.models.Activity.findAll({
      where: { floorId },
      order: [
        ['startAt', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    return this.dtos(user, access, rows);
  }

  async create(user: User, body: CreateInput, locale: Locale): Promise<ActivityDto> {
    const access = await viewFloor(this.deps.models, user, body.floorId);
    if (!mayAdd(user, access)) throw new AppError('FORBIDDEN');
    const times = this.times(body.startAt, body.endAt, null, locale);
    await this.dropOlder(body.floorId);
    const row = await this.deps.models.Activity.create({
      floorId: body.floorId,
      createdBy: user.id,
      type: body.type,
      description: body.description,
      ...times,
    });
    const [dto] = await this.dtos(user, access, [row]);
    this.deps.tell?.({ kind: 'created', activity: { ...dto!, canEdit: false } });
    return dto!;
  }

  async update(user: User, id: number, body: UpdateInput, locale: Locale): Promise<ActivityDto> {
    const { row, access } = await this.editable(user, id);
    const timesChanged = body.startAt !== undefined || body.endAt !== undefined;
    const times = timesChanged
      ? this.times(body.startAt ?? toJapanTime(row.startAt), body.endAt ?? toJapanTime(row.endAt), row.startAt, locale)
      : {};
    await row.update({ type: body.type ?? row.type, description: body.description ?? row.description, ...times });
    const [dto] = await this.dtos(user, access, [row]);
    this.deps.tell?.({ kind: 'updated', activity: { ...dto!, canEdit: false } });
    return dto!;
  }

  async remove(user: User, id: number): Promise<void> {
    const { row } = await this.editable(user, id);
    await row.destroy();
    this.deps.tell?.({ kind: 'deleted', id: row.id, floorId: row.floorId });
  }

  /** The floor time rules, then both ends today in Japan (the end may be midnight). */
  private times(startAt: string | undefined, endAt: string | undefined, saved: Date | null, locale: Locale) {
    const now = this.deps.clock.now();
    const t = checkFloorTimes({ type: FLOOR_TYPES.WITH_TIME, startAt, endAt }, now, saved, locale);
    const dayStart = startOfJapanDay(now).getTime();
    const fields: Record<string, string> = {};
    const message = formatMessage(locale, 'validation.activityNotToday');
    if (t.startAt!.getTime() < dayStart || t.startAt!.getTime() >= dayStart + DAY_MS) fields.startAt = message;
    if (t.endAt!.getTime() > dayStart + DAY_MS) fields.endAt = message;
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { fields });
    return { startAt: t.startAt!, endAt: t.endAt! };
  }

  private async dropOlder(floorId: number) {
    const today = startOfJapanDay(this.deps.clock.now());
    await this.deps.models.Activity.destroy({ where: { floorId, startAt: { [Op.lt]: today } } });
  }

  /** An entry the caller may change; one of a floor out of reach, or of an earlier day, is NOT_FOUND. */
  private async editable(user: User, id: number): Promise<{ row: Activity; access: FloorAccess }> {
    const row = await this.deps.models.Activity.findByPk(id);
    if (!row || row.startAt.getTime() < startOfJapanDay(this.deps.clock.now()).getTime())
      throw new AppError('NOT_FOUND');
    let access: FloorAccess;
    try {
      access = await viewFloor(this.deps.models, user, row.floorId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'FLOOR_NOT_FOUND') throw new AppError('NOT_FOUND');
      throw error;
    }
    if (!canEdit(user, access, row)) throw new AppError('FORBIDDEN');
    return { row, access };
  }

  private async dtos(user: User, access: FloorAccess, rows: Activity[]): Promise<ActivityDto[]> {
    const ids = [...new Set(rows.map((r) => r.createdBy).filter((v): v is number => v !== null))];
    const authors = ids.length
      ? await this.deps.models.User.findAll({ where: { id: ids }, attributes: ['id', 'name'] })
      : [];
    const names = new Map(authors.map((a) => [a.id, a.name]));
    return rows.map((r) => ({
      id: r.id,
      floorId: r.floorId,
      type: r.type,
      description: r.description,
      startAt: toJapanTime(r.startAt),
      endAt: toJapanTime(r.endAt),
      createdBy: r.createdBy === null ? null : { id: r.createdBy, name: names.get(r.createdBy) ?? '' },
      canEdit: canEdit(user, access, r),
    }));
  }
}

/** Team roles with a limited reach (spec §6): they read today's events but add none. */
export const LIMITED_ROLES: readonly string[] = ['LIMITED_USER', 'GUEST'];

const mayAdd = (user: User, access: FloorAccess) =>
  access.canManage ||
  (access.me?.type !== 'GUEST' &&
    user.employmentCompanyId === access.floor.companyId &&
    !LIMITED_ROLES.includes(user.employeeRole ?? ''));

const canEdit = (user: User, access: FloorAccess, row: Activity) =>
  access.canManage || (row.createdBy === user.id && mayAdd(user, access));
