import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Room names and types a host sets in the edit room popup (issue 16,
 * s25rooms): NULL is the default of the room's number (ROOMS in common);
 * a type of 'OPEN' is a room made open although its number asks for a flag.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('floor_rooms', 'name', { type: DataTypes.STRING(64), allowNull: true });
  await qi.addColumn('floor_rooms', 'type', { type: DataTypes.STRING(20), allowNull: true });
};

/** SQLite drops the columns in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  for (const column of ['type', 'name']) {
    if (qi.sequelize.getDialect() === 'sqlite')
      await qi.sequelize.query(`ALTER TABLE floor_rooms DROP COLUMN ${column}`);
    else await qi.removeColumn('floor_rooms', column);
  }
};
