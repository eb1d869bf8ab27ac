import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, allowNull: boolean, onDelete = 'CASCADE') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});

/**
 * Appointments (issue 16, spec §3 Appointment): a booking of one meeting room
 * or guest lounge of a floor from start_at to end_at (UTC instants; shown in
 * Japan time), optionally for a guest whose floor_participants row carries
 * the link. extended_minutes records extend-time (end_at already includes it).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('appointments', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: ref('floors', false),
    room_id: ref('floor_rooms', false),
    created_by: ref('users', true, 'SET NULL'),
    participant_id: ref('floor_participants', true, 'SET NULL'),
    title: { type: DataTypes.STRING(100), allowNull: false },
    start_at: { type: DataTypes.DATE, allowNull: false },
    end_at: { type: DataTypes.DATE, allowNull: false },
    reminder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 15 },
    extend_time: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 30 },
    extended_minutes: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    guest_time_zone: { type: DataTypes.STRING(64), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('appointments', ['room_id', 'start_at']);
  await qi.addIndex('appointments', ['floor_id', 'start_at']);
  await qi.addIndex('appointments', ['participant_id']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('appointments');
};
