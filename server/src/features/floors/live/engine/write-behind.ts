import type { Transaction } from 'sequelize';
import type { Models } from '../../../../db/models';
import { rawDb, type RawDb } from '../../../../db/raw-db';
import type { Person } from './floor-state';

/** The longest a change waits in memory before it is written (the batch window of the write-behind). */
export const WRITE_BEHIND_MS = 100;

/** Rows per statement (SQLite's bound parameters are limited; a floor holds at most MAX_FLOOR_USERS anyway). */
const CHUNK = 100;

export interface LogEntry {
  companyId: number;
  floorId: number;
  userId: number;
  type: 'enter' | 'leave';
  roomId: number | null;
  at: Date;
}

/** What one floor owes the database: users whose row to write (or delete) and participant log lines. */
export interface Pending {
  /** Users whose row changed (their place in memory is written; no place means the row goes). */
  changed: Set<number>;
  /** Users new on the floor (a row to insert; any old row of theirs goes first). */
  added: Set<number>;
  log: LogEntry[];
}

export const nothingPending = (): Pending => ({ changed: new Set(), added: new Set(), log: [] });
export const isEmpty = (p: Pending) => p.changed.size === 0 && p.added.size === 0 && p.log.length === 0;

/**
 * Writes one batch of a floor, in this order: rows of people who left (and
 * old rows of people added again) go; the seats of the rows to update are
 * parked on `-id` (unique, never a real seat), so that people who swapped
 * seats within the batch do not clash on the (room_id, seat) index; the new
 * rows are inserted; the updated rows get their places in one UPDATE … CASE;
 * the log lines are inserted in one statement. Statements run one after the
 * other on the connection the hot path shares (db/raw-db.ts). A crash between
 * the parking and the update leaves parked seats: a floor loaded with one
 * gives that person a free seat of their room again (FloorEngine.load).
 */
export async function writeBatch(
  models: Models,
  floorId: number,
  people: ReadonlyMap<number, Person>,
  batch: Pending,
  now: Date,
  /** A transaction's statements (several processes: a fenced batch, fence.ts); the shared connection otherwise. */
  db: RawDb = rawDb(models.FloorUser.sequelize!),
  transaction?: Transaction,
): Promise<void> {
  const gone = [...batch.changed].filter((u) => !people.has(u) || batch.added.has(u));
  const added = [...batch.added].map((u) => people.get(u)).filter((p): p is Person => p !== undefined);
  const updated = [...batch.changed]
    .filter((u) => !batch.added.has(u))
    .map((u) => people.get(u))
    .filter((p): p is Person => p !== undefined);

  for (const ids of chunks(gone)) {
    const { list, params } = inList(ids);
    await db.changes(`DELETE FROM floor_users WHERE floor_id = :floorId AND user_id IN (${list})`, {
      ...params,
      floorId,
    });
  }
  for (const rows of chunks(updated)) {
    const { list, params } = inList(rows.map((p) => p.userId));
    await db.changes(`UPDATE floor_users SET seat = -id WHERE floor_id = :floorId AND user_id IN (${list})`, {
      ...params,
      floorId,
    });
  }
  for (const rows of chunks(added)) {
    const params: Record<string, unknown> = { floorId, now };
    const values = rows.map((p, i) => {
      Object.assign(params, { [`u${i}`]: p.userId, [`r${i}`]: p.roomId, [`s${i}`]: p.seat });
      Object.assign(params, { [`t${i}`]: p.participantType, [`a${i}`]: p.status });
      return `(:floorId, :u${i}, :r${i}, :s${i}, :t${i}, :a${i}, :now, :now)`;
    });
    await db.changes(
      'INSERT INTO floor_users (floor_id, user_id, room_id, seat, participant_type, active_status, created_at, updated_at) ' +
        `VALUES ${values.join(', ')}`,
      params,
    );
  }
  for (const rows of chunks(updated)) {
    const params: Record<string, unknown> = { floorId, now };
    const when = (column: string) =>
      `CASE user_id ${rows.map((_, i) => `WHEN :u${i} THEN :${column}${i}`).join(' ')} END`;
    rows.forEach((p, i) =>
      Object.assign(params, { [`u${i}`]: p.userId, [`r${i}`]: p.roomId, [`s${i}`]: p.seat, [`a${i}`]: p.status }),
    );
    const { list } = inList(rows.map((p) => p.userId));
    await db.changes(
      `UPDATE floor_users SET room_id = ${when('r')}, seat = ${when('s')}, active_status = ${when('a')}, ` +
        `updated_at = :now WHERE floor_id = :floorId AND user_id IN (${list.replace(/:v/g, ':u')})`,
      params,
    );
  }
  if (batch.log.length > 0) await models.ParticipantLog.bulkCreate(batch.log, { transaction });
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function inList(ids: number[]): { list: string; params: Record<string, number> } {
  const params: Record<string, number> = {};
  ids.forEach((id, i) => (params[`v${i}`] = id));
  return { list: ids.map((_, i) => `:v${i}`).join(', '), params };
}
