import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { AttendanceStatus } from '@tsudoi/common';
import { defineTimeLogCorrection } from './time-log-correction.model';

/** A stored break: ISO instants, `end` null while the break runs. */
export interface StoredBreak {
  start: string;
  end: string | null;
}

/** Time zone and presence-timecard opt-in of a company (absent row: Japan time, off). */
export class AttendanceSetting extends Model<
  InferAttributes<AttendanceSetting>,
  InferCreationAttributes<AttendanceSetting>
> {
  declare companyId: number;
  declare timeZone: string;
  declare presenceTimecard: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** The attendance permissions (spec §6) one member was given; OWNER and ADMIN hold all without a row. */
export class AttendancePermissionRow extends Model<
  InferAttributes<AttendancePermissionRow>,
  InferCreationAttributes<AttendancePermissionRow>
> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare userId: number;
  declare manageOthers: boolean;
  declare editShifts: boolean;
  declare editAllAttendance: boolean;
  declare seeAllShifts: boolean;
  declare seeAllRecords: boolean;
  declare downloadAllPdf: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** One stay at work: check-in, the breaks taken, check-out (null while working or on break). */
export class TimeLog extends Model<InferAttributes<TimeLog>, InferCreationAttributes<TimeLog>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare userId: number;
  declare status: AttendanceStatus;
  declare checkInAt: Date;
  declare checkOutAt: Date | null;
  declare breaks: StoredBreak[];
  declare editedBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A planned shift of one employee, with its planned breaks. */
export class Shift extends Model<InferAttributes<Shift>, InferCreationAttributes<Shift>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare userId: number;
  declare title: string | null;
  declare startAt: Date;
  declare endAt: Date;
  declare breaks: { start: string; end: string }[];
  declare seriesId: string | null;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const int = (allowNull: boolean) => ({ type: DataTypes.INTEGER, allowNull });
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
/** A JSON array in a TEXT column (the same on SQLite and MariaDB). */
const jsonList = (name: string) => ({
  type: DataTypes.TEXT,
  allowNull: false,
  get(this: Model) {
    const raw = this.getDataValue(name) as string | null;
    return raw ? (JSON.parse(raw) as unknown) : [];
  },
  set(this: Model, value: unknown) {
    this.setDataValue(name, JSON.stringify(value ?? []));
  },
});

export function defineAttendanceModels(sequelize: Sequelize) {
  class BoundSetting extends AttendanceSetting {}
  BoundSetting.init(
    {
      companyId: { type: DataTypes.INTEGER, primaryKey: true },
      timeZone: { type: DataTypes.STRING(64), allowNull: false },
      presenceTimecard: flag(),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'attendance_settings', underscored: true },
  );
  class BoundPermission extends AttendancePermissionRow {}
  BoundPermission.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: int(false),
      userId: int(false),
      manageOthers: flag(),
      editShifts: flag(),
      editAllAttendance: flag(),
      seeAllShifts: flag(),
      seeAllRecords: flag(),
      downloadAllPdf: flag(),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'attendance_permissions', underscored: true },
  );
  class BoundTimeLog extends TimeLog {}
  BoundTimeLog.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: int(false),
      userId: int(false),
      status: { type: DataTypes.STRING(8), allowNull: false },
      checkInAt: { type: DataTypes.DATE, allowNull: false },
      checkOutAt: { type: DataTypes.DATE, allowNull: true },
      breaks: jsonList('breaks'),
      editedBy: int(true),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'time_logs', underscored: true },
  );
  class BoundShift extends Shift {}
  BoundShift.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: int(false),
      userId: int(false),
      title: { type: DataTypes.STRING(50), allowNull: true },
      startAt: { type: DataTypes.DATE, allowNull: false },
      endAt: { type: DataTypes.DATE, allowNull: false },
      breaks: jsonList('breaks'),
      seriesId: { type: DataTypes.STRING(36), allowNull: true },
      createdBy: int(true),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'shifts', underscored: true },
  );
  return {
    AttendanceSetting: BoundSetting as ModelStatic<AttendanceSetting>,
    AttendancePermission: BoundPermission as ModelStatic<AttendancePermissionRow>,
    TimeLog: BoundTimeLog as ModelStatic<TimeLog>,
    Shift: BoundShift as ModelStatic<Shift>,
    TimeLogCorrection: defineTimeLogCorrection(sequelize),
  };
}
