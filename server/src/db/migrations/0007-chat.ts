import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, allowNull = false) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
});
const int = (allowNull = true) => ({ type: DataTypes.INTEGER, allowNull });
const stamps = () => ({
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
});

/**
 * Chat: conversations (one per floor, room, Q&A, guest and private pair,
 * found by `key`; the last message is read from the messages' index, so a
 * send writes one row), their members' read positions, the messages, and the
 * uploads waiting to be sent (or sent) as image and file messages.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('chat_conversations', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    key: { type: DataTypes.STRING(64), allowNull: false },
    kind: { type: DataTypes.INTEGER, allowNull: false },
    scope: { type: DataTypes.STRING(12), allowNull: false },
    floor_id: ref('floors', true),
    type_id: int(),
    ...stamps(),
  });
  await qi.addIndex('chat_conversations', ['key'], { unique: true });
  await qi.createTable('chat_members', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    conversation_id: ref('chat_conversations'),
    user_id: ref('users'),
    last_read_message_id: int(),
    last_read_stamp: { type: DataTypes.BIGINT, allowNull: true },
    cleared_until_id: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    saved_until_id: int(),
    ...stamps(),
  });
  await qi.addIndex('chat_members', ['conversation_id', 'user_id'], { unique: true });
  await qi.addIndex('chat_members', ['user_id']);
  await qi.createTable('chat_messages', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    conversation_id: ref('chat_conversations'),
    user_id: ref('users'),
    participant_id: int(),
    type: { type: DataTypes.STRING(8), allowNull: false },
    content: { type: DataTypes.TEXT, allowNull: false },
    upload_id: { type: DataTypes.STRING(32), allowNull: true },
    parent_id: int(),
    stamp: { type: DataTypes.BIGINT, allowNull: false },
    client_message_id: { type: DataTypes.STRING(64), allowNull: true },
    edited_at: { type: DataTypes.DATE, allowNull: true },
    unsent_at: { type: DataTypes.DATE, allowNull: true },
    ...stamps(),
  });
  await qi.addIndex('chat_messages', ['conversation_id', 'id']);
  await qi.addIndex('chat_messages', ['user_id', 'client_message_id'], { unique: true });
  await qi.createTable('chat_uploads', {
    id: { type: DataTypes.STRING(32), primaryKey: true },
    conversation_id: ref('chat_conversations'),
    user_id: ref('users'),
    kind: { type: DataTypes.STRING(8), allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    size: { type: DataTypes.INTEGER, allowNull: false },
    mime_type: { type: DataTypes.STRING(100), allowNull: false },
    message_id: int(),
    ...stamps(),
  });
  await qi.addIndex('chat_uploads', ['conversation_id']);
};

export const down: Migration = async ({ context: qi }) => {
  for (const table of ['chat_uploads', 'chat_messages', 'chat_members', 'chat_conversations'])
    await qi.dropTable(table);
};
