import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { RawDb } from '../../../../db/raw-db';

/**
 * Fencing of the floors' writes when several processes share them
 * (cluster/): every owner of a floor holds a token from the Redis lease,
 * larger than any earlier owner's. `floors.live_owner_token` (migration
 * 0017) holds the largest token that wrote; a write checks it in its
 * transaction, with the floor's row locked (MariaDB `FOR UPDATE`; SQLite
 * transactions take the write lock when they begin), and raises it to its
 * own. An owner whose lease expired while it was stalled, and whose floor
 * another process has taken since, finds a larger token there: its write
 * is refused (StaleOwnerError) and changes nothing.
 */
export class StaleOwnerError extends Error {
  constructor(
    readonly floorId: number,
    readonly token: number,
    readonly stored: number,
  ) {
    super(`floor ${floorId}: owner token ${token} is stale (the floor holds ${stored})`);
  }
}

/** Raises the floor's token to `token` inside `transaction`, or throws StaleOwnerError when a later owner wrote. */
export async function checkToken(sequelize: Sequelize, transaction: Transaction, floorId: number, token: number) {
  const lock = sequelize.getDialect() === 'sqlite' ? '' : ' FOR UPDATE';
  const rows = await sequelize.query<{ token: number | string | null }>(
    `SELECT live_owner_token AS token FROM floors WHERE id = :floorId${lock}`,
    { replacements: { floorId }, transaction, type: QueryTypes.SELECT },
  );
  const stored = Number(rows[0]?.token ?? 0);
  if (stored > token) throw new StaleOwnerError(floorId, token, stored);
  if (stored < token)
    await sequelize.query('UPDATE floors SET live_owner_token = :token WHERE id = :floorId', {
      replacements: { floorId, token },
      transaction,
    });
}

/** Claims the floor for `token` (a new owner, before it reads the floor from the database). */
export async function claimFloor(sequelize: Sequelize, floorId: number, token: number): Promise<void> {
  await sequelize.transaction((t) => checkToken(sequelize, t, floorId, token));
}

/** A RawDb whose statements run in one transaction (Sequelize's `:name` replacements). */
export function transactionDb(sequelize: Sequelize, transaction: Transaction): RawDb {
  return {
    sqlite: sequelize.getDialect() === 'sqlite',
    rows: async <T>(sql: string, params: Record<string, unknown>) =>
      sequelize.query<T & object>(sql, { replacements: params, transaction, type: QueryTypes.SELECT }) as Promise<T[]>,
    async changes(sql: string, params: Record<string, unknown>) {
      const [, meta] = await sequelize.query(sql, { replacements: params, transaction });
      const m = meta as { affectedRows?: number; changes?: number } | undefined;
      return Number(m?.affectedRows ?? m?.changes ?? 0);
    },
  };
}

/** Runs a floor's write-behind batch in one transaction, fenced by `token`. */
export async function fencedWrite(
  sequelize: Sequelize,
  floorId: number,
  token: number,
  write: (db: RawDb, transaction: Transaction) => Promise<void>,
): Promise<void> {
  await sequelize.transaction(async (t) => {
    await checkToken(sequelize, t, floorId, token);
    await write(transactionDb(sequelize, t), t);
  });
}
