import { col, fn, Op, QueryTypes, where, type WhereOptions } from 'sequelize';
import type {
  AdminAccountRow,
  AdminCompanyRow,
  AdminFloorRow,
  AdminLogRow,
  AdminParticipantRow,
  AdminUserRow,
  Paged,
  PageQuery,
} from '@tsudoi/common';
import type { z } from 'zod';
import type {
  adminAdminQuerySchema,
  adminCompanyQuerySchema,
  adminFloorQuerySchema,
  adminLogQuerySchema,
  adminParticipantQuerySchema,
  adminUserQuerySchema,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Company } from '../companies/company.model';
import type { Floor } from '../floors/floor.model';
import type { FloorParticipant } from '../floors/participant.model';
import type { User } from '../users';
import { paged, pageWindow } from '../../http/answers';

export type UserQuery = z.output<typeof adminUserQuerySchema>;
export type AdminQuery = z.output<typeof adminAdminQuerySchema>;
export type CompanyQuery = z.output<typeof adminCompanyQuerySchema>;
export type FloorQuery = z.output<typeof adminFloorQuerySchema>;
export type ParticipantQuery = z.output<typeof adminParticipantQuerySchema>;
export type LogQuery = z.output<typeof adminLogQuerySchema>;

/** Case-insensitive "contains" that works the same on SQLite and MariaDB (no LIKE wildcards to escape). */
const contains = (column: string, text: string) =>
  where(fn('INSTR', fn('LOWER', col(column)), text.toLowerCase()), Op.gt, 0);
const anyContains = (columns: string[], text: string | undefined): WhereOptions[] =>
  text ? [{ [Op.or]: columns.map((c) => contains(c, text)) }] : [];
const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const ids = (values: (number | null | undefined)[]) => [...new Set(values.filter((v): v is number => v != null))];
const order = (q: { sort: string; order: 'asc' | 'desc' }): [string, string][] => [
  [q.sort, q.order.toUpperCase()],
  ['id', q.order.toUpperCase()],
];

/** Counts per key of a GROUP BY answer. */
async function countBy(
  model: { count(options: object): Promise<unknown> },
  key: string,
  keys: number[],
  extra: WhereOptions = {},
): Promise<Map<number, number>> {
  if (keys.length === 0) return new Map();
  const rows = (await model.count({ where: { ...extra, [key]: { [Op.in]: keys } }, group: [key] })) as {
    [k: string]: unknown;
    count: number;
  }[];
  return new Map(rows.map((r) => [Number(r[key]), Number(r.count)]));
}

const stateWhere = (state: 'live' | 'deleted' | 'all'): { where: WhereOptions; paranoid: boolean } =>
  state === 'live'
    ? { where: {}, paranoid: true }
    : state === 'deleted'
      ? { where: { deletedAt: { [Op.ne]: null } }, paranoid: false }
      : { where: {}, paranoid: false };

/** The admin lists and details: server-side search, sort, filters and paging over every team. */
export class AdminQueries {
  constructor(private readonly models: Models) {}

  // ---- users
  userWhere(q: Omit<UserQuery, keyof PageQuery>) {
    const state = stateWhere(q.state);
    const and: WhereOptions[] = [{ type: 'user' }, state.where, ...anyContains(['name', 'email'], q.q)];
    if (q.companyId) and.push({ employmentCompanyId: q.companyId });
    return { where: { [Op.and]: and }, paranoid: state.paranoid };
  }

  async users(q: UserQuery): Promise<Paged<AdminUserRow>> {
    const { where: w, paranoid } = this.userWhere(q);
    const { rows, count } = await this.models.User.findAndCountAll({
      where: w,
      paranoid,
      order: order(q),
      ...pageWindow(q),
    });
    return paged(await this.userRows(rows), count, q);
  }

  async userRows(users: User[]): Promise<AdminUserRow[]> {
    const companies = byId(
      await this.models.Company.findAll({
        where: { id: ids(users.map((u) => u.employmentCompanyId)) },
        paranoid: false,
      }),
    );
    return users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      status: u.status,
      verifiedAt: iso(u.verifiedAt),
      employmentCompanyId: u.employmentCompanyId,
      companyName: (u.employmentCompanyId && companies.get(u.employmentCompanyId)?.name) || null,
      employeeRole: u.employeeRole,
      createdAt: iso(u.createdAt)!,
      deletedAt: iso(u.deletedAt),
    }));
  }

  // ---- platform admins
  async admins(q: AdminQuery): Promise<Paged<AdminAccountRow>> {
    const w = { [Op.and]: [{ type: 'admin' }, ...anyContains(['name', 'email'], q.q)] };
    const { rows, count } = await this.models.User.findAndCountAll({ where: w, order: order(q), ...pageWindow(q) });
    return paged(rows.map(toAccountRow), count, q);
  }

  // ---- companies
  companyWhere(q: Omit<CompanyQuery, keyof PageQuery>): WhereOptions {
    const and: WhereOptions[] = [...anyContains(['name'], q.q)];
    if (q.plan) and.push({ plan: q.plan });
    return { [Op.and]: and };
  }

  async companies(q: CompanyQuery): Promise<Paged<AdminCompanyRow>> {
    const { rows, count } = await this.models.Company.findAndCountAll({
      where: this.companyWhere(q),
      order: order(q),
      ...pageWindow(q),
    });
    return paged(await this.companyRows(rows), count, q);
  }

  async companyRows(companies: Company[]): Promise<AdminCompanyRow[]> {
    const { User } = this.models;
    const members = await countBy(
      User,
      'employmentCompanyId',
      companies.map((c) => c.id),
      { type: 'user' },
    );
    const owners = byId(await User.findAll({ where: { id: ids(companies.map((c) => c.ownerId)) }, paranoid: false }));
    return companies.map((c) => ({
      id: c.id,
      name: c.name,
      plan: c.plan,
      maxEmployee: c.maxEmployee,
      members: members.get(c.id) ?? 0,
      ownerId: c.ownerId,
      ownerName: (c.ownerId && owners.get(c.ownerId)?.name) || null,
      createdAt: iso(c.createdAt)!,
    }));
  }

  // ---- floors
  floorWhere(q: Omit<FloorQuery, keyof PageQuery>) {
    const state = stateWhere(q.state);
    const and: WhereOptions[] = [state.where, ...anyContains(['title'], q.q)];
    if (q.companyId) and.push({ companyId: q.companyId });
    return { where: { [Op.and]: and }, paranoid: state.paranoid };
  }

  async floors(q: FloorQuery): Promise<Paged<AdminFloorRow>> {
    const { where: w, paranoid } = this.floorWhere(q);
    const { rows, count } = await this.models.Floor.findAndCountAll({
      where: w,
      paranoid,
      order: order(q),
      ...pageWindow(q),
    });
    return paged(await this.floorRows(rows), count, q);
  }

  async floorRows(floors: Floor[]): Promise<AdminFloorRow[]> {
    const { Company, User, FloorParticipant, FloorUser } = this.models;
    const floorIds = floors.map((f) => f.id);
    const [companies, hosts, participants, online] = await Promise.all([
      Company.findAll({ where: { id: ids(floors.map((f) => f.companyId)) }, paranoid: false }).then(byId),
      User.findAll({ where: { id: ids(floors.map((f) => f.hostId)) }, paranoid: false }).then(byId),
      countBy(FloorParticipant, 'floorId', floorIds),
      countBy(FloorUser, 'floorId', floorIds),
    ]);
    return floors.map((f) => ({
      id: f.id,
      title: f.title,
      companyId: f.companyId,
      companyName: companies.get(f.companyId)?.name ?? null,
      hostId: f.hostId,
      hostName: hosts.get(f.hostId)?.name ?? null,
      type: f.type,
      privacy: f.privacy,
      startAt: iso(f.startAt),
      endAt: iso(f.endAt),
      participants: participants.get(f.id) ?? 0,
      online: online.get(f.id) ?? 0,
      createdAt: iso(f.createdAt)!,
      deletedAt: iso(f.deletedAt),
    }));
  }

  // ---- participants
  async participants(q: ParticipantQuery): Promise<Paged<AdminParticipantRow>> {
    const and: WhereOptions[] = [...anyContains(['name', 'email'], q.q)];
    if (q.floorId) and.push({ floorId: q.floorId });
    if (q.status) and.push({ status: q.status });
    const { rows, count } = await this.models.FloorParticipant.findAndCountAll({
      where: { [Op.and]: and },
      order: order(q),
      ...pageWindow(q),
    });
    return paged(await this.participantRows(rows), count, q);
  }

  async participantRows(rows: FloorParticipant[]): Promise<AdminParticipantRow[]> {
    const floors = byId(
      await this.models.Floor.findAll({ where: { id: ids(rows.map((r) => r.floorId)) }, paranoid: false }),
    );
    return rows.map((p) => ({
      id: p.id,
      floorId: p.floorId,
      floorTitle: floors.get(p.floorId)?.title ?? null,
      userId: p.userId,
      name: p.name,
      email: p.email,
      type: p.type,
      status: p.status,
      createdAt: iso(p.createdAt)!,
    }));
  }

  // ---- participant log (one joined query: lists, detail and the CSV read the same rows)
  private logSql(q: Partial<LogQuery>, extra: string[] = []) {
    const conditions = [...extra];
    const replacements: Record<string, unknown> = {};
    for (const key of ['floorId', 'companyId', 'userId'] as const) {
      if (q[key]) {
        conditions.push(
          `l.${key === 'floorId' ? 'floor_id' : key === 'companyId' ? 'company_id' : 'user_id'} = :${key}`,
        );
        replacements[key] = q[key];
      }
    }
    if (q.type) {
      conditions.push('l.type = :type');
      replacements.type = q.type;
    }
    if (q.q) {
      conditions.push(
        '(INSTR(LOWER(u.name), :q) > 0 OR INSTR(LOWER(u.email), :q) > 0 OR INSTR(LOWER(f.title), :q) > 0 OR INSTR(LOWER(c.name), :q) > 0)',
      );
      replacements.q = q.q.toLowerCase();
    }
    const from = `FROM participant_logs l LEFT JOIN companies c ON c.id = l.company_id
      LEFT JOIN floors f ON f.id = l.floor_id LEFT JOIN users u ON u.id = l.user_id
      ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`;
    return { from, replacements };
  }

  private static readonly LOG_COLUMNS = `l.id AS id, l.at AS at, l.type AS type, l.company_id AS companyId,
    c.name AS companyName, l.floor_id AS floorId, f.title AS floorTitle, l.user_id AS userId,
    u.name AS userName, u.email AS userEmail`;

  private async logSelect(sql: string, replacements: Record<string, unknown>): Promise<AdminLogRow[]> {
    const rows = await this.models.User.sequelize!.query<Record<string, unknown>>(sql, {
      type: QueryTypes.SELECT,
      replacements,
    });
    return rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at as string)!,
      type: String(r.type),
      companyId: Number(r.companyId),
      companyName: (r.companyName as string | null) ?? null,
      floorId: Number(r.floorId),
      floorTitle: (r.floorTitle as string | null) ?? null,
      userId: Number(r.userId),
      userName: (r.userName as string | null) ?? null,
      userEmail: (r.userEmail as string | null) ?? null,
    }));
  }

  async log(q: LogQuery): Promise<Paged<AdminLogRow>> {
    const { from, replacements } = this.logSql(q);
    const [counted] = await this.models.User.sequelize!.query<{ total: number }>(`SELECT COUNT(*) AS total ${from}`, {
      type: QueryTypes.SELECT,
      replacements,
    });
    const dir = q.order === 'asc' ? 'ASC' : 'DESC';
    const sortCol = q.sort === 'at' ? 'l.at' : 'l.id';
    const { limit, offset } = pageWindow(q);
    const rows = await this.logSelect(
      `SELECT ${AdminQueries.LOG_COLUMNS} ${from} ORDER BY ${sortCol} ${dir}, l.id ${dir} LIMIT ${limit} OFFSET ${offset}`,
      replacements,
    );
    return paged(rows, Number(counted?.total ?? 0), q);
  }

  async logEntry(id: number): Promise<AdminLogRow | null> {
    const { from, replacements } = this.logSql({}, ['l.id = :id']);
    const rows = await this.logSelect(`SELECT ${AdminQueries.LOG_COLUMNS} ${from}`, { ...replacements, id });
    return rows[0] ?? null;
  }

  /** One CSV batch: the rows after `afterId`, by id (keyset paging, no OFFSET scan). */
  logBatch(q: Partial<LogQuery>, afterId: number, limit: number): Promise<AdminLogRow[]> {
    const { from, replacements } = this.logSql(q, ['l.id > :afterId']);
    return this.logSelect(`SELECT ${AdminQueries.LOG_COLUMNS} ${from} ORDER BY l.id ASC LIMIT ${Number(limit)}`, {
      ...replacements,
      afterId,
    });
  }
}

export const toAccountRow = (u: User): AdminAccountRow => ({
  id: u.id,
  name: u.name,
  email: u.email,
  createdAt: iso(u.createdAt)!,
});
