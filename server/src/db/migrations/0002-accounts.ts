import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};

/** Users, companies (teams), refresh tokens, one-time tokens and team invitations. */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('companies', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(100), allowNull: false },
    logo_image_url: { type: DataTypes.STRING(255), allowNull: true },
    plan: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'starter' },
    max_employee: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
    owner_id: { type: DataTypes.INTEGER, allowNull: true },
    ...timestamps,
    deleted_at: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.createTable('users', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(100), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
    password_hash: { type: DataTypes.STRING(255), allowNull: true },
    type: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'user' },
    status: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'active' },
    verified_at: { type: DataTypes.DATE, allowNull: true },
    avatar_image_url: { type: DataTypes.STRING(255), allowNull: true },
    company_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'companies', key: 'id' } },
    employment_company_id: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'companies', key: 'id' },
    },
    employee_role: { type: DataTypes.STRING(16), allowNull: true },
    country: { type: DataTypes.STRING(2), allowNull: true },
    locale: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'ja' },
    referral_code: { type: DataTypes.STRING(32), allowNull: true },
    google_id: { type: DataTypes.STRING(128), allowNull: true, unique: true },
    facebook_id: { type: DataTypes.STRING(128), allowNull: true, unique: true },
    ...timestamps,
    deleted_at: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.addIndex('users', ['employment_company_id']);
  await qi.createTable('refresh_tokens', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    family: { type: DataTypes.STRING(36), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    revoked_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('refresh_tokens', ['family']);
  await qi.createTable('one_time_tokens', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    purpose: { type: DataTypes.STRING(24), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    used_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await qi.createTable('employee_invitations', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'companies', key: 'id' },
      onDelete: 'CASCADE',
    },
    email: { type: DataTypes.STRING(254), allowNull: false },
    invited_by: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' } },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'pending' },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    accepted_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('employee_invitations', ['company_id', 'email'], { unique: true });
};

export const down: Migration = async ({ context: qi }) => {
  for (const table of ['employee_invitations', 'one_time_tokens', 'refresh_tokens', 'users', 'companies']) {
    await qi.dropTable(table);
  }
};
