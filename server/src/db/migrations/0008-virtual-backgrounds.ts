import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, allowNull: boolean) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
});

/**
 * Virtual backgrounds: one row per uploaded image, owned by a user (floor and
 * participant null) or by a guest session (the guest user, their floor and
 * their participant row). The bytes are `<dataDir>/virtual-backgrounds/<file>`.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('virtual_backgrounds', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: ref('users', false),
    floor_id: ref('floors', true),
    participant_id: ref('floor_participants', true),
    file: { type: DataTypes.STRING(32), allowNull: false },
    mime_type: { type: DataTypes.STRING(32), allowNull: false },
    size: { type: DataTypes.INTEGER, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('virtual_backgrounds', ['user_id', 'floor_id']);
  await qi.addIndex('virtual_backgrounds', ['file'], { unique: true });
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('virtual_backgrounds');
};
