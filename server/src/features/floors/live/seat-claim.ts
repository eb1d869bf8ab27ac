import type { ParticipantType, PresenceStatus } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { rawDb } from './live-db';

/** A user's place on a floor as a move leaves it (the columns of floor_users a presence batch shows). */
export interface Place {
  userId: number;
  roomId: number;
  seat: number;
  participantType: ParticipantType;
  activeStatus: PresenceStatus;
}

const COLUMNS =
  'user_id AS userId, room_id AS roomId, seat, participant_type AS participantType, active_status AS activeStatus';

/**
 * The first free seat of :roomId (1..:capacity), NULL when it is full: the
 * smallest n that is 1 or a taken seat + 1 and is not taken. Wrapped in
 * derived tables (materialised: they aggregate) so MySQL accepts it inside
 * an UPDATE of the same table.
 */
const FREE_SEAT =
  '(SELECT f.s FROM (SELECT MIN(c.s) AS s FROM ' +
  '(SELECT 1 AS s UNION ALL SELECT seat + 1 AS s FROM floor_users WHERE room_id = :roomId) c ' +
  'WHERE c.s <= :capacity AND NOT EXISTS ' +
  '(SELECT 1 FROM floor_users t WHERE t.room_id = :roomId AND t.seat = c.s)) f)';

/** What a claim did: the user's place after it, and whether it changed (null: they have no place on the floor). */
export interface Claim {
  place: Place | null;
  changed: boolean;
}

/** Tries of a move whose row or seat another server process changed between its read and its write (MySQL). */
const TRIES = 3;

/**
 * Moves a user into a room: to `seat`, or to the room's first free seat.
 * Unchanged means the user has no place on the floor, is already there (in
 * the room, on `seat` when given) or the room is full. The unique index
 * (room_id, seat) refuses a seat taken meanwhile (UniqueConstraintError).
 *
 * SQLite: one UPDATE … RETURNING that finds the free seat itself. MySQL and
 * MariaDB: the subqueries of an UPDATE are locking reads there, so moves
 * into one room waited for each other's commit and deadlocked (measured);
 * instead a plain (non-locking) read finds the user's row and the free
 * seat, and one UPDATE guarded by the row's old room and seat and by the
 * unique index claims it.
 */
export async function claimSeat(
  models: Models,
  where: { floorId: number; userId: number },
  room: { id: number; seat: number },
  seat: number | undefined,
): Promise<Claim> {
  const raw = db(models);
  const params = { ...where, roomId: room.id, capacity: room.seat, seat: seat ?? null, now: new Date() };
  if (!raw.sqlite) return claimByRead(models, params, seat);
  const sql =
    seat === undefined
      ? `UPDATE floor_users SET room_id = :roomId, seat = ${FREE_SEAT}, updated_at = :now ` +
        `WHERE floor_id = :floorId AND user_id = :userId AND room_id <> :roomId AND ${FREE_SEAT} IS NOT NULL`
      : 'UPDATE floor_users SET room_id = :roomId, seat = :seat, updated_at = :now ' +
        'WHERE floor_id = :floorId AND user_id = :userId AND NOT (room_id = :roomId AND seat = :seat)';
  const [moved] = await raw.rows<Place>(`${sql} RETURNING ${COLUMNS}`, params);
  return moved ? { place: moved, changed: true } : { place: await readPlace(models, where), changed: false };
}

/**
 * Whether two claims into one room can pick the same free seat (MySQL: the
 * free seat is read before the write). Such claims run one at a time per
 * room in this process (the caller queues them), so only other processes
 * can clash, and a clash is retried; SQLite finds and takes the seat in one
 * statement on one connection.
 */
export const claimsRace = (models: Models) => !db(models).sqlite;

async function claimByRead(
  models: Models,
  params: { floorId: number; userId: number; roomId: number; capacity: number; now: Date },
  seat: number | undefined,
): Promise<Claim> {
  const raw = db(models);
  for (let attempt = 1; ; attempt++) {
    const [row] = await raw.rows<Place & { freeSeat: number | null }>(
      `SELECT ${COLUMNS}, ${FREE_SEAT} AS freeSeat FROM floor_users WHERE floor_id = :floorId AND user_id = :userId`,
      params,
    );
    if (!row) return { place: null, changed: false };
    const { freeSeat, ...place } = row;
    const target = seat ?? (freeSeat === null ? null : Number(freeSeat));
    if ((place.roomId === params.roomId && (seat === undefined || seat === place.seat)) || target === null)
      return { place, changed: false };
    const moved = await raw.changes(
      'UPDATE floor_users SET room_id = :roomId, seat = :target, updated_at = :now WHERE floor_id = :floorId ' +
        'AND user_id = :userId AND room_id = :fromRoom AND seat = :fromSeat',
      { ...params, target, fromRoom: place.roomId, fromSeat: place.seat },
    );
    if (moved > 0) return { place: { ...place, roomId: params.roomId, seat: target }, changed: true };
    if (attempt >= TRIES) return { place: await readPlace(models, params), changed: false };
  }
}

/** Sets a user's activeStatus in one statement; null when they have no place on the floor. */
export function setStatus(
  models: Models,
  where: { floorId: number; userId: number },
  activeStatus: PresenceStatus,
): Promise<Place | null> {
  const sql =
    'UPDATE floor_users SET active_status = :activeStatus, updated_at = :now ' +
    'WHERE floor_id = :floorId AND user_id = :userId';
  return write(models, sql, { ...where, activeStatus, now: new Date() }, where);
}

/** A user's place on a floor, or null. */
export async function readPlace(models: Models, where: { floorId: number; userId: number }): Promise<Place | null> {
  const rows = await db(models).rows<Place>(
    `SELECT ${COLUMNS} FROM floor_users WHERE floor_id = :floorId AND user_id = :userId`,
    where,
  );
  return rows[0] ?? null;
}

const db = (models: Models) => rawDb(models.FloorUser.sequelize!);

/**
 * Runs an UPDATE of one floor_users row and answers the row as it left it:
 * SQLite in the same statement (RETURNING), MySQL/MariaDB (no RETURNING on
 * UPDATE) by reading it back when a row changed.
 */
async function write(
  models: Models,
  sql: string,
  params: Record<string, unknown>,
  where: { floorId: number; userId: number },
): Promise<Place | null> {
  const raw = db(models);
  if (raw.sqlite) return (await raw.rows<Place>(`${sql} RETURNING ${COLUMNS}`, params))[0] ?? null;
  return (await raw.changes(sql, params)) > 0 ? readPlace(models, where) : null;
}
