import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import type { Logger } from '../lib/logger';
import { MIGRATIONS } from './migrations';

export function createMigrator(sequelize: Sequelize, logger: Logger) {
  return new Umzug({
    migrations: MIGRATIONS,
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: {
      info: (event) => logger.info(event, 'migration'),
      warn: (event) => logger.warn(event, 'migration'),
      error: (event) => logger.error(event, 'migration'),
      debug: (event) => logger.debug(event, 'migration'),
    },
  });
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(sequelize: Sequelize, logger: Logger): Promise<string[]> {
  const applied = await createMigrator(sequelize, logger).up();
  return applied.map((m) => m.name);
}
