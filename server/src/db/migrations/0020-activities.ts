import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Today's events (issue 16, spec §3 Activity): short entries of a floor's
 * day, start_at/end_at as UTC instants (shown in Japan time). Only today's
 * are kept: the service deletes a floor's older ones whenever it is asked.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('activities', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'floors', key: 'id' },
      onDelete: 'CASCADE',
    },
    created_by: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'users', key: 'id' },
      onDelete: 'SET NULL',
    },
    type: { type: DataTypes.STRING(16), allowNull: false },
    description: { type: DataTypes.STRING(200), allowNull: false },
    start_at: { type: DataTypes.DATE, allowNull: false },
    end_at: { type: DataTypes.DATE, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('activities', ['floor_id', 'start_at']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('activities');
};
