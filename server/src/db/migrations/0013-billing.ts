import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Plans and payments (issue 20): a team's trial, its customer and
 * subscription at the card payment provider, the provider events already
 * applied (a webhook delivered twice changes nothing the second time), and
 * the inquiries of the public contact form.
 */
export const up: Migration = async ({ context: qi }) => {
  const nullable = (type: DataTypes.DataType) => ({ type, allowNull: true });
  await qi.addColumn('companies', 'trial_ends_at', nullable(DataTypes.DATE));
  await qi.addColumn('companies', 'trial_notice_sent_at', nullable(DataTypes.DATE));
  await qi.addColumn('companies', 'billing_customer_id', nullable(DataTypes.STRING(64)));
  await qi.addColumn('companies', 'billing_subscription_id', nullable(DataTypes.STRING(64)));
  await qi.addColumn('companies', 'subscription_status', nullable(DataTypes.STRING(16)));
  await qi.addColumn('companies', 'current_period_end', nullable(DataTypes.DATE));
  await qi.addIndex('companies', ['billing_customer_id']);
  await qi.addIndex('companies', ['trial_ends_at']);
  await qi.createTable('billing_events', {
    id: { type: DataTypes.STRING(64), primaryKey: true },
    type: { type: DataTypes.STRING(64), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.createTable('contact_inquiries', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(100), allowNull: false },
    company: { type: DataTypes.STRING(100), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(30), allowNull: false, defaultValue: '' },
    inquiry: { type: DataTypes.TEXT, allowNull: false },
    locale: { type: DataTypes.STRING(2), allowNull: false },
    mailed_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('contact_inquiries', ['created_at']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('contact_inquiries');
  await qi.dropTable('billing_events');
  await qi.removeIndex('companies', ['trial_ends_at']);
  await qi.removeIndex('companies', ['billing_customer_id']);
  // SQLite drops a column by copying the table: the teams' rows are still referenced by later tables
  // (attendance, audit …), so their foreign keys wait while the copy is made
  const sqlite = qi.sequelize.getDialect() === 'sqlite';
  if (sqlite) await qi.sequelize.query('PRAGMA foreign_keys = OFF');
  try {
    for (const column of [
      'current_period_end',
      'subscription_status',
      'billing_subscription_id',
      'billing_customer_id',
      'trial_notice_sent_at',
      'trial_ends_at',
    ])
      await qi.removeColumn('companies', column);
  } finally {
    if (sqlite) await qi.sequelize.query('PRAGMA foreign_keys = ON');
  }
};
