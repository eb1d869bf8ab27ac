import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
const cascade = (model: string) => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
});

/** Floors, their 24 rooms and their participants (HOST, team members, guests). */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('floors', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: cascade('companies'),
    host_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    title: { type: DataTypes.STRING(100), allowNull: false },
    catchcopy: { type: DataTypes.STRING(100), allowNull: true },
    catchphrase: { type: DataTypes.STRING(200), allowNull: true },
    description: { type: DataTypes.TEXT, allowNull: true },
    password_hash: { type: DataTypes.STRING(255), allowNull: true },
    type: { type: DataTypes.INTEGER, allowNull: false },
    privacy: { type: DataTypes.STRING(8), allowNull: false },
    start_at: { type: DataTypes.DATE, allowNull: true },
    end_at: { type: DataTypes.DATE, allowNull: true },
    image_url: { type: DataTypes.STRING(255), allowNull: true },
    floor_plan_id: { type: DataTypes.STRING(32), allowNull: false },
    ...timestamps,
    deleted_at: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.addIndex('floors', ['company_id', 'type', 'start_at']);
  await qi.createTable('floor_rooms', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: cascade('floors'),
    number: { type: DataTypes.INTEGER, allowNull: false },
    seat: { type: DataTypes.INTEGER, allowNull: false },
    save_chat: flag(),
    locked: flag(),
    password: { type: DataTypes.STRING(16), allowNull: true },
    locked_by: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('floor_rooms', ['floor_id', 'number'], { unique: true });
  await qi.createTable('floor_participants', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: cascade('floors'),
    user_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' } },
    email: { type: DataTypes.STRING(254), allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    type: { type: DataTypes.STRING(8), allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'pending' },
    permission_speech: flag(),
    permission_subhost: flag(),
    permission_meeting_room: flag(),
    permission_reception_room: flag(),
    permission_conference: flag(),
    permission_recording: flag(),
    invited_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' } },
    ...timestamps,
  });
  await qi.addIndex('floor_participants', ['floor_id', 'email'], { unique: true });
  await qi.addIndex('floor_participants', ['user_id']);
  await qi.addIndex('floor_participants', ['email']);
};

export const down: Migration = async ({ context: qi }) => {
  for (const table of ['floor_participants', 'floor_rooms', 'floors']) await qi.dropTable(table);
};
