import { Op } from 'sequelize';
import {
  formatMessage,
  parseJapanTime,
  PARTICIPANT_LOG_MAX_DAYS,
  effectiveRoomName,
  toJapanTime,
  type Locale,
  type PageQuery,
  type Paged,
  type ParticipantLogEntryDto,
} from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { AppError } from '../../../http/app-error';
import { paged } from '../../../http/answers';
import type { User } from '../../users/user.model';
import { manageFloor } from '../floor-access';
import type { ParticipantLog } from '../live/live.models';

const DAY_MS = 86_400_000;

export interface LogRange {
  from: string;
  to: string;
}

/**
 * The floor enter/leave history (issue 16): the participant_logs rows of a
 * floor, for its host and subhosts only (a member is FORBIDDEN, another
 * team's floor or entry is not found). Days are Japan days: from 00:00 of
 * `from` up to 24:00 of `to`.
 */
export class ParticipantLogService {
  constructor(private readonly models: Models) {}

  async list(user: User, floorId: number, q: LogRange & PageQuery, locale: Locale) {
    await manageFloor(this.models, user, floorId);
    const where = this.where(floorId, q, locale);
    const { rows, count } = await this.models.ParticipantLog.findAndCountAll({
      where,
      order: [
        ['at', 'ASC'],
        ['id', 'ASC'],
      ],
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const page: Paged<ParticipantLogEntryDto> = paged(await this.dtos(rows, locale), count, q);
    return page;
  }

  async detail(user: User, id: number, locale: Locale): Promise<ParticipantLogEntryDto> {
    const row = await this.models.ParticipantLog.findByPk(id);
    if (!row) throw new AppError('NOT_FOUND');
    await manageFloor(this.models, user, row.floorId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'FLOOR_NOT_FOUND' ? new AppError('NOT_FOUND') : error;
    });
    return (await this.dtos([row], locale))[0]!;
  }

  /** The export's rows after `afterId`, in id order (for streamCsv), after the same checks as the list. */
  async exporter(user: User, floorId: number, q: LogRange, locale: Locale) {
    await manageFloor(this.models, user, floorId);
    const where = this.where(floorId, q, locale);
    return async (afterId: number, limit: number) =>
      this.dtos(
        await this.models.ParticipantLog.findAll({
          where: { ...where, id: { [Op.gt]: afterId } },
          order: [['id', 'ASC']],
          limit,
        }),
        locale,
      );
  }

  private where(floorId: number, q: LogRange, locale: Locale) {
    const from = parseJapanTime(`${q.from}T00:00`);
    const last = parseJapanTime(`${q.to}T00:00`);
    const fields: Record<string, string> = {};
    if (!from) fields.from = formatMessage(locale, 'validation.logDate');
    if (!last) fields.to = formatMessage(locale, 'validation.logDate');
    else if (from && (last.getTime() - from.getTime()) / DAY_MS >= PARTICIPANT_LOG_MAX_DAYS)
      fields.to = formatMessage(locale, 'validation.logRangeTooLong');
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { fields });
    return { floorId, at: { [Op.gte]: from!, [Op.lt]: new Date(last!.getTime() + DAY_MS) } };
  }

  private async dtos(rows: ParticipantLog[], locale: Locale): Promise<ParticipantLogEntryDto[]> {
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const roomIds = [...new Set(rows.map((r) => r.roomId).filter((id): id is number => id !== null))];
    const [users, rooms] = await Promise.all([
      userIds.length ? this.models.User.findAll({ where: { id: userIds }, attributes: ['id', 'name'] }) : [],
      roomIds.length
        ? this.models.FloorRoom.findAll({ where: { id: roomIds }, attributes: ['id', 'number', 'name'] })
        : [],
    ]);
    const names = new Map(users.map((u) => [u.id, u.name]));
    const roomNames = new Map(rooms.map((r) => [r.id, effectiveRoomName(r, locale) || null]));
    return rows.map((r) => ({
      id: r.id,
      floorId: r.floorId,
      userId: r.userId,
      name: names.get(r.userId) ?? null,
      type: r.type,
      roomName: r.roomId === null ? null : (roomNames.get(r.roomId) ?? null),
      at: toJapanTime(r.at),
    }));
  }
}
