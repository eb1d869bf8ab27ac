import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/** Key-value settings of the installation (e.g. whether the demo data was seeded). */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('app_settings', {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    value: { type: DataTypes.TEXT, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('app_settings');
};
