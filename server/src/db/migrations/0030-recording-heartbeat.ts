import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Which process records a recording, and when it last said it still does
 * (issue 25 §9): a process that starts salvages only the recordings nobody is
 * recording any more (their recorder's process is gone, or silent for long),
 * never the ones another process runs at this moment.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('recordings', 'recorder_id', { type: DataTypes.STRING(120), allowNull: true });
  await qi.addColumn('recordings', 'heartbeat_at', { type: DataTypes.DATE, allowNull: true });
  await qi.addIndex('recordings', ['status', 'heartbeat_at']);
};

/** SQLite drops the columns in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('recordings', ['status', 'heartbeat_at']);
  for (const column of ['recorder_id', 'heartbeat_at']) {
    if (qi.sequelize.getDialect() === 'sqlite')
      await qi.sequelize.query(`ALTER TABLE recordings DROP COLUMN ${column}`);
    else await qi.removeColumn('recordings', column);
  }
};
