import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, allowNull: boolean, onDelete = 'CASCADE') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});

/**
 * Recordings (issue 17): one row per server-side recording of a floor room,
 * charged to the floor's company (storage quota). The file is a key of the
 * recording storage (local disk by default); transcript and minutes are JSON
 * with their own states, so jobs interrupted by a restart resume.
 */
export const up: Migration = async ({ context: qi }) => {
  // long text on MariaDB (an hour's transcript passes 64 KB); SQLite has one TEXT
  const long = qi.sequelize.getDialect() === 'sqlite' ? DataTypes.TEXT : DataTypes.TEXT('long');
  await qi.createTable('recordings', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: ref('companies', true),
    floor_id: ref('floors', false),
    room_id: { type: DataTypes.INTEGER, allowNull: false },
    room_name: { type: DataTypes.STRING(100), allowNull: false },
    floor_name: { type: DataTypes.STRING(255), allowNull: false },
    started_by: ref('users', true, 'SET NULL'),
    started_at: { type: DataTypes.DATE, allowNull: false },
    ended_at: { type: DataTypes.DATE, allowNull: true },
    duration_ms: { type: DataTypes.INTEGER, allowNull: true },
    size: { type: DataTypes.BIGINT, allowNull: true },
    storage_key: { type: DataTypes.STRING(128), allowNull: true },
    status: { type: DataTypes.STRING(12), allowNull: false },
    segments: { type: DataTypes.TEXT, allowNull: true },
    transcript_status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'none' },
    transcript_engine: { type: DataTypes.STRING(32), allowNull: true },
    transcript: { type: long, allowNull: true },
    minutes_status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'none' },
    minutes: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('recordings', ['floor_id', 'started_at']);
  await qi.addIndex('recordings', ['company_id']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('recordings');
};
