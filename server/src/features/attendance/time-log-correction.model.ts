import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/** A time record as a correction saw it (ISO times): before and after. */
export interface RecordedTimes {
  checkInAt: string;
  checkOutAt: string | null;
  breaks: { start: string; end: string | null }[];
}

/** One correction of a time record (migration 0028): who, why, before and after. */
export class TimeLogCorrection extends Model<
  InferAttributes<TimeLogCorrection>,
  InferCreationAttributes<TimeLogCorrection>
> {
  declare id: CreationOptional<number>;
  declare timeLogId: number;
  declare companyId: number;
  /** The employee whose record it is. */
  declare userId: number;
  declare correctedBy: number | null;
  declare reason: string;
  declare beforeJson: string;
  declare afterJson: string;
  declare createdAt: CreationOptional<Date>;
}

export function defineTimeLogCorrection(sequelize: Sequelize): ModelStatic<TimeLogCorrection> {
  class Bound extends TimeLogCorrection {}
  Bound.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      timeLogId: { type: DataTypes.INTEGER, allowNull: false },
      companyId: { type: DataTypes.INTEGER, allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      correctedBy: { type: DataTypes.INTEGER, allowNull: true },
      reason: { type: DataTypes.TEXT, allowNull: false },
      beforeJson: { type: DataTypes.TEXT, allowNull: false },
      afterJson: { type: DataTypes.TEXT, allowNull: false },
      createdAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'time_log_corrections', underscored: true, updatedAt: false },
  );
  return Bound;
}
