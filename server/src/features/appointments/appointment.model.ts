import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

export type GuestStatus = 'knocking' | 'admitted' | 'rejected';

/** A booking of a meeting room or guest lounge (migration 0016). */
export class Appointment extends Model<InferAttributes<Appointment>, InferCreationAttributes<Appointment>> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare roomId: number;
  declare createdBy: number | null;
  /** The guest's floor_participants row (their link); null for a booking without a guest. */
  declare participantId: number | null;
  declare title: string;
  declare startAt: Date;
  /** The end, extensions included. */
  declare endAt: Date;
  declare reminder: CreationOptional<number>;
  declare extendTime: CreationOptional<number>;
  declare extendedMinutes: CreationOptional<number>;
  declare guestTimeZone: string | null;
  /** The guest's lobby (migration 0019): null until they knock. */
  declare guestStatus: CreationOptional<GuestStatus | null>;
  declare knockedAt: CreationOptional<Date | null>;
  /** When the started / reminder / ended events went out (extend clears the last two). */
  declare startedNoticeAt: CreationOptional<Date | null>;
  declare reminderNoticeAt: CreationOptional<Date | null>;
  declare endedNoticeAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function defineAppointment(sequelize: Sequelize): ModelStatic<Appointment> {
  class BoundAppointment extends Appointment {}
  BoundAppointment.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: { type: DataTypes.INTEGER, allowNull: false },
      roomId: { type: DataTypes.INTEGER, allowNull: false },
      createdBy: { type: DataTypes.INTEGER, allowNull: true },
      participantId: { type: DataTypes.INTEGER, allowNull: true },
      title: { type: DataTypes.STRING(100), allowNull: false },
      startAt: { type: DataTypes.DATE, allowNull: false },
      endAt: { type: DataTypes.DATE, allowNull: false },
      reminder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 15 },
      extendTime: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 30 },
      extendedMinutes: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      guestTimeZone: { type: DataTypes.STRING(64), allowNull: true },
      guestStatus: { type: DataTypes.STRING(16), allowNull: true },
      knockedAt: { type: DataTypes.DATE, allowNull: true },
      startedNoticeAt: { type: DataTypes.DATE, allowNull: true },
      reminderNoticeAt: { type: DataTypes.DATE, allowNull: true },
      endedNoticeAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'appointments', underscored: true },
  );
  return BoundAppointment;
}
