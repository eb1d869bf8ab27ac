import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Hosts remove messages and files of their floor's chats (issue 25 §5):
 * `removed_by` says the host took the message away (not its sender). The
 * audit log also records what hosts and managers do, not only platform
 * admins: `actor_kind` ('admin', 'host', 'manager') and the team concerned.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('chat_messages', 'removed_by', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('admin_audit_logs', 'actor_kind', {
    type: DataTypes.STRING(8),
    allowNull: false,
    defaultValue: 'admin',
  });
  await qi.addColumn('admin_audit_logs', 'company_id', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addIndex('admin_audit_logs', ['company_id', 'at']);
};

/** SQLite drops the columns in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('admin_audit_logs', ['company_id', 'at']);
  for (const [table, column] of [
    ['chat_messages', 'removed_by'],
    ['admin_audit_logs', 'actor_kind'],
    ['admin_audit_logs', 'company_id'],
  ] as const) {
    if (qi.sequelize.getDialect() === 'sqlite') await qi.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    else await qi.removeColumn(table, column);
  }
};
