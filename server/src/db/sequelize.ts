import fs from 'node:fs';
import path from 'node:path';
import { Sequelize } from 'sequelize';
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
    return new Sequelize({ dialect: 'sqlite', storage, logging: log, define: { underscored: true } });
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

export function dialectOf(sequelize: Sequelize): string {
  return sequelize.getDialect();
}
