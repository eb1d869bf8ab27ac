import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, allowNull = false) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
});
const at = (allowNull = false) => ({ type: DataTypes.DATE, allowNull });

/**
 * The stage (issue 15): a floor's presentations (one running at a time:
 * `running_floor_id` is the floor's id while it runs and null after, under a
 * unique index), who is in one as speaker or audience, and its Q&A questions
 * with one vote per person.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('stage_presentations', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    floor_id: ref('floors'),
    running_floor_id: { type: DataTypes.INTEGER, allowNull: true },
    host_id: ref('users'),
    room_id: ref('floor_rooms'),
    is_private_room: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    save_chat: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    started_at: at(),
    ended_at: at(true),
  });
  await qi.addIndex('stage_presentations', ['running_floor_id'], { unique: true });
  await qi.addIndex('stage_presentations', ['floor_id']);
  await qi.createTable('stage_members', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    presentation_id: ref('stage_presentations'),
    user_id: ref('users'),
    role: { type: DataTypes.STRING(1), allowNull: false },
    joined_at: at(),
  });
  await qi.addIndex('stage_members', ['presentation_id', 'user_id'], { unique: true });
  await qi.createTable('stage_questions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    presentation_id: ref('stage_presentations'),
    user_id: ref('users'),
    text: { type: DataTypes.STRING(500), allowNull: false },
    hidden: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    created_at: at(),
  });
  await qi.addIndex('stage_questions', ['presentation_id']);
  await qi.createTable('stage_votes', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    question_id: ref('stage_questions'),
    user_id: ref('users'),
    up: { type: DataTypes.BOOLEAN, allowNull: false },
  });
  await qi.addIndex('stage_votes', ['question_id', 'user_id'], { unique: true });
};

export const down: Migration = async ({ context: qi }) => {
  for (const table of ['stage_votes', 'stage_questions', 'stage_members', 'stage_presentations'])
    await qi.dropTable(table);
};
