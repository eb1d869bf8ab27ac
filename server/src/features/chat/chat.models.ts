import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { ChatKind, ChatMessageType, ChatScope } from '@tsudoi/common';

/** One conversation per floor, room, Q&A, guest or private pair; `key` finds it ('room:12', 'private:3:9'). */
export class ChatConversation extends Model<
  InferAttributes<ChatConversation>,
  InferCreationAttributes<ChatConversation>
> {
  declare id: CreationOptional<number>;
  declare key: string;
  declare kind: ChatKind;
  declare scope: ChatScope;
  declare floorId: number | null;
  declare typeId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/**
 * A person in a conversation and their read position. `clearedUntilId`
 * hides older messages from them (a room left without saveChat);
 * `savedUntilId` is the read-only copy of a room left with saveChat.
 */
export class ChatMember extends Model<InferAttributes<ChatMember>, InferCreationAttributes<ChatMember>> {
  declare id: CreationOptional<number>;
  declare conversationId: number;
  declare userId: number;
  declare lastReadMessageId: CreationOptional<number | null>;
  declare lastReadStamp: CreationOptional<number | null>;
  declare clearedUntilId: CreationOptional<number>;
  declare savedUntilId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class ChatMessage extends Model<InferAttributes<ChatMessage>, InferCreationAttributes<ChatMessage>> {
  declare id: CreationOptional<number>;
  declare conversationId: number;
  declare userId: number;
  /** A guest's participant row on the conversation's floor (guests are users of type 'guest'). */
  declare participantId: number | null;
  declare type: ChatMessageType;
  /** Sanitised HTML for text; empty for files and once unsent. */
  declare content: string;
  declare uploadId: string | null;
  declare parentId: number | null;
  declare stamp: number;
  declare clientMessageId: string | null;
  declare editedAt: CreationOptional<Date | null>;
  declare unsentAt: CreationOptional<Date | null>;
  /** A host of the floor took it away (not its sender): migration 0027. */
  declare removedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** What a message's DTO is made of: a stored row, or what the group commit just wrote (no model built). */
export type MessageRow = Pick<
  ChatMessage,
  | 'id'
  | 'conversationId'
  | 'userId'
  | 'participantId'
  | 'type'
  | 'content'
  | 'uploadId'
  | 'parentId'
  | 'stamp'
  | 'clientMessageId'
  | 'createdAt'
  | 'editedAt'
  | 'unsentAt'
  | 'removedBy'
>;

/**
 * A file received by `POST uploads`; its bytes are `<dataDir>/chat-files/<id>`
 * until it expires (the row stays, so its message shows the file expired).
 */
export class ChatUpload extends Model<InferAttributes<ChatUpload>, InferCreationAttributes<ChatUpload>> {
  declare id: string;
  declare conversationId: number;
  declare userId: number;
  /** The company its bytes are charged to (null: an account without a team, charged alone). */
  declare companyId: number | null;
  declare kind: 'image' | 'file';
  declare name: string;
  declare size: number;
  declare mimeType: string;
  declare messageId: CreationOptional<number | null>;
  /** Set when the bytes were removed by the expiry policy; expired files no longer count against the quota. */
  declare expiredAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const int = (allowNull = false) => ({ type: DataTypes.INTEGER, allowNull });
/** BIGINT comes back as a string from mysql2; stamps are ms numbers. */
const bigint = (allowNull: boolean, key: string) => ({
  type: DataTypes.BIGINT,
  allowNull,
  get(this: Model) {
    const value = this.getDataValue(key) as unknown;
    return value === null || value === undefined ? value : Number(value);
  },
});
const options = (sequelize: Sequelize, tableName: string) => ({ sequelize, tableName, underscored: true });

export function defineChatModels(sequelize: Sequelize) {
  class BoundConversation extends ChatConversation {}
  BoundConversation.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      key: { type: DataTypes.STRING(64), allowNull: false },
      kind: int(),
      scope: { type: DataTypes.STRING(12), allowNull: false },
      floorId: int(true),
      typeId: int(true),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    options(sequelize, 'chat_conversations'),
  );
  class BoundMember extends ChatMember {}
  BoundMember.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      conversationId: int(),
      userId: int(),
      lastReadMessageId: int(true),
      lastReadStamp: bigint(true, 'lastReadStamp'),
      clearedUntilId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      savedUntilId: int(true),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    options(sequelize, 'chat_members'),
  );
  class BoundMessage extends ChatMessage {}
  BoundMessage.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      conversationId: int(),
      userId: int(),
      participantId: int(true),
      type: { type: DataTypes.STRING(8), allowNull: false },
      content: { type: DataTypes.TEXT, allowNull: false },
      uploadId: { type: DataTypes.STRING(32), allowNull: true },
      parentId: int(true),
      stamp: bigint(false, 'stamp'),
      clientMessageId: { type: DataTypes.STRING(64), allowNull: true },
      editedAt: { type: DataTypes.DATE, allowNull: true },
      unsentAt: { type: DataTypes.DATE, allowNull: true },
      removedBy: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    options(sequelize, 'chat_messages'),
  );
  class BoundUpload extends ChatUpload {}
  BoundUpload.init(
    {
      id: { type: DataTypes.STRING(32), primaryKey: true },
      conversationId: int(),
      userId: int(),
      companyId: int(true),
      kind: { type: DataTypes.STRING(8), allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      size: int(),
      mimeType: { type: DataTypes.STRING(100), allowNull: false },
      messageId: int(true),
      expiredAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    options(sequelize, 'chat_uploads'),
  );
  return {
    ChatConversation: BoundConversation,
    ChatMember: BoundMember,
    ChatMessage: BoundMessage,
    ChatUpload: BoundUpload,
  };
}
