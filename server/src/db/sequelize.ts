import fs from 'node:fs';
import path from 'node:path';
import { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../lib/logger';

export type Dialect = 'sqlite' | 'mysql' | 'mariadb';

/**
 * Opens the database named by a URL: `sqlite:<file>` (embedded default,
 * `sqlite::memory:` for a throwaway one) or `mysql://user:pass@host:port/db`
 * (MySQL 8 or MariaDB through mysql2). Times are stored in UTC.
 */
export function createSequelize(url: string, logger: Logger): Sequelize {
  const log = (sql: string) => logger.trace({ sql }, 'sql');
  if (url.startsWith('sqlite:')) {
    const storage = url.slice('sqlite:'.length);
    if (storage !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(storage)), { recursive: true });
    // BEGIN IMMEDIATE: a transaction that reads and then writes (findOrCreate, the live floor's write-behind)
    // takes the write lock first, waiting up to the busy timeout; a deferred one would fail at once with
    // SQLITE_BUSY when another connection committed after its read (WAL cannot upgrade a stale snapshot)
    const sequelize = new Sequelize({
      dialect: 'sqlite',
      storage,
      logging: log,
      define: { underscored: true },
      transactionType: Transaction.TYPES.IMMEDIATE,
    });
    tuneSqlite(sequelize, storage !== ':memory:');
    return sequelize;
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    return new Sequelize(url.replace(/^mariadb:/, 'mysql:'), {
      dialect: 'mysql',
      logging: log,
      timezone: '+00:00',
      define: { underscored: true, charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci' },
      pool: { max: 10, min: 0, idle: 10_000 },
      dialectOptions: { charset: 'utf8mb4' },
    });
  }
  throw new Error(`DATABASE_URL must start with sqlite:, mysql:// or mariadb:// (got "${url.split(':')[0]}:")`);
}

/** How long a SQLite statement waits for another connection's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** The part of a node-sqlite3 Database used here. */
interface SqliteConnection {
  run(sql: string, callback: (error: Error | null) => void): void;
  configure(option: 'busyTimeout', ms: number): void;
}

/**
 * Every SQLite connection Sequelize opens (its shared one, and one per
 * transaction) is set up before its first query: a busy timeout, and for a
 * file database write-ahead logging with synchronous=NORMAL. In WAL mode
 * readers and the writer do not block each other and a commit appends to the
 * log without waiting for the disk; with NORMAL the log is synced at
 * checkpoints only, so a power cut (not a crash of the process) may lose the
 * last commits but never corrupts the file (docs/benchmarks.md, live floor).
 * journal_mode is stored in the file; synchronous and busy_timeout are per
 * connection, hence the wrapper around getConnection.
 */
function tuneSqlite(sequelize: Sequelize, file: boolean): void {
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: unknown): Promise<SqliteConnection>;
  };
  const open = manager.getConnection.bind(manager);
  const tuned = new WeakMap<SqliteConnection, Promise<void>>();
  let first = true;
  manager.getConnection = async (options?: unknown) => {
    const connection = await open(options);
    let ready = tuned.get(connection);
    if (!ready) {
      ready = tune(connection, file && first);
      first = false;
      tuned.set(connection, ready);
    }
    await ready;
    return connection;
  };
}

async function tune(connection: SqliteConnection, wal: boolean): Promise<void> {
  const run = (sql: string) =>
    new Promise<void>((resolve, reject) => connection.run(sql, (error) => (error ? reject(error) : resolve())));
  connection.configure('busyTimeout', SQLITE_BUSY_TIMEOUT_MS);
  if (wal) await run('PRAGMA journal_mode=WAL');
  await run('PRAGMA synchronous=NORMAL');
}

export function dialectOf(sequelize: Sequelize): string {
  return sequelize.getDialect();
}
