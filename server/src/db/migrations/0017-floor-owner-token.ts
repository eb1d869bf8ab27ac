import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Live floors on several processes (issue 14): the fencing token of the
 * process that owns a floor's live state (a Redis lease, engine/cluster/).
 * Every write-behind batch checks it in its transaction and raises it to its
 * own token; a batch of an owner whose token is lower (its lease expired and
 * another process took the floor) is refused. NULL: never owned.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('floors', 'live_owner_token', { type: DataTypes.BIGINT, allowNull: true });
};

/** SQLite drops the column in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  if (qi.sequelize.getDialect() === 'sqlite')
    await qi.sequelize.query('ALTER TABLE floors DROP COLUMN live_owner_token');
  else await qi.removeColumn('floors', 'live_owner_token');
};
