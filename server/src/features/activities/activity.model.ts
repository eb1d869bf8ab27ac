import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { ActivityType } from '@tsudoi/common';

/** One of today's events of a floor (migration 0020). */
export class Activity extends Model<InferAttributes<Activity>, InferCreationAttributes<Activity>> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare createdBy: number | null;
  declare type: ActivityType;
  declare description: string;
  declare startAt: Date;
  declare endAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function defineActivity(sequelize: Sequelize): ModelStatic<Activity> {
  class BoundActivity extends Activity {}
  BoundActivity.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: { type: DataTypes.INTEGER, allowNull: false },
      createdBy: { type: DataTypes.INTEGER, allowNull: true },
      type: { type: DataTypes.STRING(16), allowNull: false },
      description: { type: DataTypes.STRING(200), allowNull: false },
      startAt: { type: DataTypes.DATE, allowNull: false },
      endAt: { type: DataTypes.DATE, allowNull: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'activities', underscored: true },
  );
  return BoundActivity;
}
