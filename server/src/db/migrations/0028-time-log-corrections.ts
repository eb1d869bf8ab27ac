import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Corrections of time records (issue 25 §14): each keeps who corrected which
 * record, why, and the record before and after (the first one's "before" is
 * the original). The record itself stays what the team works with.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('time_log_corrections', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    time_log_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'time_logs', key: 'id' },
      onDelete: 'CASCADE',
    },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    user_id: { type: DataTypes.INTEGER, allowNull: false },
    corrected_by: { type: DataTypes.INTEGER, allowNull: true },
    reason: { type: DataTypes.TEXT, allowNull: false },
    before_json: { type: DataTypes.TEXT, allowNull: false },
    after_json: { type: DataTypes.TEXT, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('time_log_corrections', ['time_log_id']);
  await qi.addIndex('time_log_corrections', ['company_id', 'user_id']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('time_log_corrections');
};
