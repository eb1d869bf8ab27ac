import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Contact inquiries reach someone (issue 25 §15): each has a status the
 * operators work it through ('new', 'answered', 'closed'), who changed it
 * last and when, and whether its sender got the acknowledgement.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('contact_inquiries', 'status', {
    type: DataTypes.STRING(12),
    allowNull: false,
    defaultValue: 'new',
  });
  await qi.addColumn('contact_inquiries', 'handled_by', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('contact_inquiries', 'handled_at', { type: DataTypes.DATE, allowNull: true });
  await qi.addColumn('contact_inquiries', 'acknowledged_at', { type: DataTypes.DATE, allowNull: true });
  await qi.addIndex('contact_inquiries', ['status', 'created_at']);
};

/** SQLite drops the columns in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('contact_inquiries', ['status', 'created_at']);
  for (const column of ['status', 'handled_by', 'handled_at', 'acknowledged_at']) {
    if (qi.sequelize.getDialect() === 'sqlite')
      await qi.sequelize.query(`ALTER TABLE contact_inquiries DROP COLUMN ${column}`);
    else await qi.removeColumn('contact_inquiries', column);
  }
};
