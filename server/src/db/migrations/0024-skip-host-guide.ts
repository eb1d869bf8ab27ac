import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * The spec's stored flag skipHostGuide (issue 16): a host who skipped or
 * finished the in-floor tutorial does not see it again, on any device.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('users', 'skip_host_guide', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
};

/** SQLite drops the column in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  if (qi.sequelize.getDialect() === 'sqlite') await qi.sequelize.query('ALTER TABLE users DROP COLUMN skip_host_guide');
  else await qi.removeColumn('users', 'skip_host_guide');
};
