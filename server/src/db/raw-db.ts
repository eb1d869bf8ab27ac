import { UniqueConstraintError, type Sequelize } from 'sequelize';

/**
 * The driver under Sequelize, for the few statements of the hot paths (a move
 * runs one; the chat's group commit one per batch): Sequelize's query pipeline (SQL rewriting for replacements,
 * result shaping) costs 3–4 times the statement itself on SQLite
 * (docs/benchmarks.md, live floor). Statements take `:name` placeholders;
 * a unique-index clash is thrown as Sequelize's UniqueConstraintError like
 * everywhere else.
 */
export interface RawDb {
  /** Rows of a SELECT, or of an UPDATE … RETURNING (SQLite). */
  rows<T>(sql: string, params: Record<string, unknown>): Promise<T[]>;
  /** Rows changed by an UPDATE. */
  changes(sql: string, params: Record<string, unknown>): Promise<number>;
  /** SQLite (UPDATE … RETURNING) rather than MySQL/MariaDB. */
  sqlite: boolean;
}

interface SqliteConnection {
  serialize(work: () => void): void;
  all(
    sql: string,
    params: Record<string, unknown> | unknown[],
    callback: (error: Error | null, rows: unknown[]) => void,
  ): void;
  run(
    sql: string,
    params: Record<string, unknown>,
    callback: (this: { changes: number }, error: Error | null) => void,
  ): void;
}
interface MysqlConnection {
  query(sql: string, values: unknown[], callback: (error: Error | null, result: unknown) => void): void;
  execute(
    options: { sql: string; namedPlaceholders: true },
    values: Record<string, unknown>,
    callback: (error: Error | null, result: unknown) => void,
  ): void;
}
interface Manager<C> {
  getConnection(options?: object): Promise<C>;
  releaseConnection(connection: C): void;
}

const made = new WeakMap<Sequelize, RawDb>();

export function rawDb(sequelize: Sequelize): RawDb {
  let db = made.get(sequelize);
  if (!db) made.set(sequelize, (db = sequelize.getDialect() === 'sqlite' ? sqlite(sequelize) : mysql(sequelize)));
  return db;
}

/** A Date as Sequelize stores it in SQLite. */
export const sqliteDate = (d: Date) => `${d.toISOString().replace('T', ' ').replace('Z', '')} +00:00`;

function unique(error: Error & { code?: string }, sql: string): Error {
  const clash = (error.code === 'SQLITE_CONSTRAINT' && /UNIQUE/.test(error.message)) || error.code === 'ER_DUP_ENTRY';
  return clash ? new UniqueConstraintError({ parent: Object.assign(error, { sql }), message: error.message }) : error;
}

/**
 * Queues a statement like Sequelize queues its own (node-sqlite3 serialized
 * mode): a statement issued in parallel mode overtakes the queued ones, and
 * a steady flow of them starved Sequelize's queries (measured: first moves
 * answered after 10 s with 250 sockets).
 */
const inLine = (connection: SqliteConnection, work: () => void) => connection.serialize(work);

/** SQLite: Sequelize's shared connection (the one its own queries outside transactions use), `:name` bound natively. */
function sqlite(sequelize: Sequelize): RawDb {
  const manager = sequelize.connectionManager as unknown as Manager<SqliteConnection>;
  /** The parameters the statement names (SQLite refuses others), dates as Sequelize writes them. */
  const bind = (sql: string, params: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => new RegExp(`:${k}\\b`).test(sql))
        .map(([k, v]) => [`:${k}`, v instanceof Date ? sqliteDate(v) : v]),
    );
  return {
    sqlite: true,
    async rows<T>(sql: string, params: Record<string, unknown>) {
      const connection = await manager.getConnection();
      return new Promise<T[]>((resolve, reject) =>
        inLine(connection, () =>
          connection.all(sql, bind(sql, params), (error, rows) =>
            error ? reject(unique(error, sql)) : resolve(rows as T[]),
          ),
        ),
      );
    },
    async changes(sql: string, params: Record<string, unknown>) {
      const connection = await manager.getConnection();
      return new Promise<number>((resolve, reject) =>
        inLine(connection, () =>
          connection.run(sql, bind(sql, params), function (error) {
            if (error) reject(unique(error, sql));
            else resolve(this.changes);
          }),
        ),
      );
    },
  };
}

/** MySQL/MariaDB: a connection of Sequelize's pool, prepared statements (mysql2 execute) with named placeholders. */
function mysql(sequelize: Sequelize): RawDb {
  const manager = sequelize.connectionManager as unknown as Manager<MysqlConnection>;
  const execute = async (sql: string, params: Record<string, unknown>) => {
    const connection = await manager.getConnection({ type: 'write', useMaster: true });
    try {
      return await new Promise<unknown>((resolve, reject) =>
        connection.execute({ sql, namedPlaceholders: true }, params, (error, result) =>
          error ? reject(unique(error, sql)) : resolve(result),
        ),
      );
    } finally {
      manager.releaseConnection(connection);
    }
  };
  return {
    sqlite: false,
    rows: async <T>(sql: string, params: Record<string, unknown>) => (await execute(sql, params)) as T[],
    changes: async (sql: string, params: Record<string, unknown>) =>
      ((await execute(sql, params)) as { affectedRows: number }).affectedRows,
  };
}

/**
 * A statement with `?` placeholders bound in order by the driver, for a batch of thousands of values (the
 * chat's group commit), where naming each value, or Sequelize's escaping of each on the main thread, costs
 * more than the statement: its rows (a SELECT, an INSERT … RETURNING), or on MySQL/MariaDB for a statement
 * without rows, the driver's result (`insertId`). SQLite: Sequelize's shared connection, queued in line;
 * MySQL/MariaDB: a pooled connection, mysql2 `query` (escaped in the client, no statement prepared per size).
 */
export function boundInOrder(sequelize: Sequelize): <T>(sql: string, values: unknown[]) => Promise<T> {
  if (sequelize.getDialect() === 'sqlite') {
    const manager = sequelize.connectionManager as unknown as Manager<SqliteConnection>;
    return async <T>(sql: string, values: unknown[]) => {
      const connection = await manager.getConnection();
      const bound = values.map((v) => (v instanceof Date ? sqliteDate(v) : v));
      return new Promise<T>((resolve, reject) =>
        inLine(connection, () =>
          connection.all(sql, bound, (error, rows) => (error ? reject(unique(error, sql)) : resolve(rows as T))),
        ),
      );
    };
  }
  const manager = sequelize.connectionManager as unknown as Manager<MysqlConnection>;
  return async <T>(sql: string, values: unknown[]) => {
    const connection = await manager.getConnection({ type: 'write', useMaster: true });
    try {
      return await new Promise<T>((resolve, reject) =>
        connection.query(sql, values, (error, result) => (error ? reject(unique(error, sql)) : resolve(result as T))),
      );
    } finally {
      manager.releaseConnection(connection);
    }
  };
}
