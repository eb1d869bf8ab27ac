import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const company = {
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: 'companies', key: 'id' },
  onDelete: 'CASCADE',
};
const user = {
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: 'users', key: 'id' },
  onDelete: 'CASCADE',
};
const flag = { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false };

/**
 * Attendance (issue 18): per-company settings (time zone, presence
 * timecard), per-employee attendance permissions (spec §6), time logs (one
 * row per check-in … check-out, breaks as JSON) and shifts (planned breaks as
 * JSON; `series_id` ties the copies of a weekly template).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('attendance_settings', {
    company_id: { ...company, primaryKey: true },
    time_zone: { type: DataTypes.STRING(64), allowNull: false, defaultValue: 'Asia/Tokyo' },
    presence_timecard: flag,
    ...timestamps,
  });
  await qi.createTable('attendance_permissions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: company,
    user_id: user,
    manage_others: flag,
    edit_shifts: flag,
    edit_all_attendance: flag,
    see_all_shifts: flag,
    see_all_records: flag,
    download_all_pdf: flag,
    ...timestamps,
  });
  await qi.addIndex('attendance_permissions', ['company_id', 'user_id'], { unique: true });
  await qi.createTable('time_logs', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: company,
    user_id: user,
    status: { type: DataTypes.STRING(8), allowNull: false },
    check_in_at: { type: DataTypes.DATE, allowNull: false },
    check_out_at: { type: DataTypes.DATE, allowNull: true },
    breaks: { type: DataTypes.TEXT, allowNull: false },
    edited_by: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('time_logs', ['company_id', 'user_id', 'check_in_at']);
  await qi.addIndex('time_logs', ['user_id', 'status']);
  await qi.createTable('shifts', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: company,
    user_id: user,
    title: { type: DataTypes.STRING(50), allowNull: true },
    start_at: { type: DataTypes.DATE, allowNull: false },
    end_at: { type: DataTypes.DATE, allowNull: false },
    breaks: { type: DataTypes.TEXT, allowNull: false },
    series_id: { type: DataTypes.STRING(36), allowNull: true },
    created_by: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('shifts', ['company_id', 'user_id', 'start_at']);
};

export const down: Migration = async ({ context: qi }) => {
  for (const table of ['shifts', 'time_logs', 'attendance_permissions', 'attendance_settings'])
    await qi.dropTable(table);
};
