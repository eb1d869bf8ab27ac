import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * A guest's link that stopped working because its visit was cancelled (issue 28): the link then says the
 * visit was cancelled, which one and by whom, instead of "this link is invalid".
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('revoked_guest_links', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: { type: DataTypes.INTEGER, allowNull: false },
    public_token: { type: DataTypes.STRING(43), allowNull: false },
    title: { type: DataTypes.STRING(255), allowNull: false },
    start_at: { type: DataTypes.DATE, allowNull: false },
    by_name: { type: DataTypes.STRING(100), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('revoked_guest_links', ['floor_id', 'public_token']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('revoked_guest_links');
};
