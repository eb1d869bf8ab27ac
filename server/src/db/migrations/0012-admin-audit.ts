import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * The platform admins' audit log (issue 19): who (id and e-mail, kept when the
 * admin is removed), what (action, target type and id), when, and the target
 * before and after as JSON text. Rows are only ever added.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('admin_audit_logs', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    admin_id: { type: DataTypes.INTEGER, allowNull: false },
    admin_email: { type: DataTypes.STRING(254), allowNull: false },
    action: { type: DataTypes.STRING(48), allowNull: false },
    target_type: { type: DataTypes.STRING(32), allowNull: false },
    target_id: { type: DataTypes.INTEGER, allowNull: true },
    before_json: { type: DataTypes.TEXT, allowNull: true },
    after_json: { type: DataTypes.TEXT, allowNull: true },
    at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('admin_audit_logs', ['at']);
  await qi.addIndex('admin_audit_logs', ['target_type', 'target_id']);
  // the dashboard's sign-ups over time
  await qi.addIndex('users', ['created_at']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('users', ['created_at']);
  await qi.dropTable('admin_audit_logs');
};
