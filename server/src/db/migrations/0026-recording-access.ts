import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Who may watch a recording besides its starter and the floor's hosts (issue
 * 25 §2): the people who were in the recorded room while it ran ('present'),
 * and those a starter or host shared it with ('shared'). `interrupted`: the
 * file is what was saved of a recording its server lost (kill -9, a crash),
 * salvaged at the next start (issue 25 §9).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('recording_viewers', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    recording_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'recordings', key: 'id' },
      onDelete: 'CASCADE',
    },
    user_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    reason: { type: DataTypes.STRING(8), allowNull: false },
    shared_by: { type: DataTypes.INTEGER, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('recording_viewers', ['recording_id', 'user_id'], { unique: true });
  await qi.addIndex('recording_viewers', ['user_id']);
  await qi.addColumn('recordings', 'interrupted', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('recording_viewers');
  if (qi.sequelize.getDialect() === 'sqlite')
    await qi.sequelize.query('ALTER TABLE recordings DROP COLUMN interrupted');
  else await qi.removeColumn('recordings', 'interrupted');
};
