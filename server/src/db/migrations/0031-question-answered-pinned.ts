import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Q&A questions marked answered or pinned by the presentation's host (issue 28): a pinned question stays at
 * the top of the list, an answered one drops below the open ones and shows as answered.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('stage_questions', 'answered', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await qi.addColumn('stage_questions', 'pinned', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
};

/** SQLite drops the columns in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  for (const column of ['answered', 'pinned']) {
    if (qi.sequelize.getDialect() === 'sqlite')
      await qi.sequelize.query(`ALTER TABLE stage_questions DROP COLUMN ${column}`);
    else await qi.removeColumn('stage_questions', column);
  }
};
