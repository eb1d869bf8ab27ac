import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/** Every enter and leave of a floor (spec §3 "Participant log"): company, floor, user, type, room, time. */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('participant_logs', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'companies', key: 'id' } },
    floor_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'floors', key: 'id' },
      onDelete: 'CASCADE',
    },
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    type: { type: DataTypes.STRING(8), allowNull: false },
    room_id: { type: DataTypes.INTEGER, allowNull: true },
    at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('participant_logs', ['floor_id', 'at']);
  await qi.addIndex('participant_logs', ['company_id', 'at']);
  await qi.addIndex('participant_logs', ['user_id', 'at']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('participant_logs');
};
