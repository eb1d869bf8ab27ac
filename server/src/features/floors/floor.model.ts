import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import crypto from 'node:crypto';
import type { FloorPrivacy, FloorType } from '@tsudoi/common';

export class Floor extends Model<InferAttributes<Floor>, InferCreationAttributes<Floor>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare hostId: number;
  declare title: string;
  declare catchcopy: string | null;
  declare catchphrase: string | null;
  declare description: string | null;
  declare passwordHash: string | null;
  declare type: FloorType;
  declare privacy: FloorPrivacy;
  declare startAt: Date | null;
  declare endAt: Date | null;
  declare imageUrl: CreationOptional<string | null>;
  declare floorPlanId: string;
  /** The app_id of the floor's guest invite link (public floors admit any holder of it). */
  declare inviteToken: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare deletedAt: CreationOptional<Date | null>;
}

/** 32 random bytes, base64url: an app_id nobody can guess. */
export const randomLinkToken = () => crypto.randomBytes(32).toString('base64url');

/** A floor; deleting one is soft (paranoid), its rooms and participants stay with it. */
export function defineFloor(sequelize: Sequelize): ModelStatic<Floor> {
  class BoundFloor extends Floor {}
  BoundFloor.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: { type: DataTypes.INTEGER, allowNull: false },
      hostId: { type: DataTypes.INTEGER, allowNull: false },
      title: { type: DataTypes.STRING(100), allowNull: false },
      catchcopy: { type: DataTypes.STRING(100), allowNull: true },
      catchphrase: { type: DataTypes.STRING(200), allowNull: true },
      description: { type: DataTypes.TEXT, allowNull: true },
      passwordHash: { type: DataTypes.STRING(255), allowNull: true },
      type: { type: DataTypes.INTEGER, allowNull: false },
      privacy: { type: DataTypes.STRING(8), allowNull: false },
      startAt: { type: DataTypes.DATE, allowNull: true },
      endAt: { type: DataTypes.DATE, allowNull: true },
      imageUrl: { type: DataTypes.STRING(255), allowNull: true },
      floorPlanId: { type: DataTypes.STRING(32), allowNull: false },
      inviteToken: { type: DataTypes.STRING(43), allowNull: true, defaultValue: randomLinkToken },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
      deletedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'floors', underscored: true, paranoid: true },
  );
  return BoundFloor;
}
