import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, onDelete = 'CASCADE') => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model, key: 'id' },
  onDelete,
});

/**
 * The live floor: who is on which floor, room and seat (shared by every
 * server process), and the room invitations in flight.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('floor_users', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: ref('floors'),
    user_id: ref('users'),
    room_id: ref('floor_rooms'),
    seat: { type: DataTypes.INTEGER, allowNull: false },
    participant_type: { type: DataTypes.STRING(8), allowNull: false },
    active_status: { type: DataTypes.STRING(12), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('floor_users', ['floor_id', 'user_id'], { unique: true });
  await qi.addIndex('floor_users', ['room_id', 'seat'], { unique: true });
  await qi.createTable('room_invitations', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: ref('floors'),
    room_id: ref('floor_rooms'),
    inviter_id: ref('users'),
    invitee_id: ref('users'),
    status: { type: DataTypes.STRING(10), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('room_invitations', ['status', 'expires_at']);
  await qi.addIndex('room_invitations', ['invitee_id', 'status']);
};

export const down: Migration = async ({ context: qi }) => {
  for (const table of ['room_invitations', 'floor_users']) await qi.dropTable(table);
};
