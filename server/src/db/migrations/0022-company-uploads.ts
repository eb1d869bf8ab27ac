import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const ref = (model: string, allowNull: boolean, onDelete = 'CASCADE') => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model, key: 'id' },
  onDelete,
});

/**
 * The company file share (issue 18): folders that nest, and files in a
 * folder or at the top. A file's bytes are `<dataDir>/company-files/<file>`
 * (32 random hex digits); its size counts toward the team's storage quota.
 * Deleting a folder deletes what is inside in code (the files on disk too);
 * the foreign keys cascade only when the whole team goes.
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.createTable('company_folders', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: ref('companies', false),
    parent_id: ref('company_folders', true),
    name: { type: DataTypes.STRING(100), allowNull: false },
    owner_id: ref('users', true, 'SET NULL'),
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('company_folders', ['company_id', 'parent_id']);
  await qi.createTable('company_files', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_id: ref('companies', false),
    folder_id: ref('company_folders', true),
    name: { type: DataTypes.STRING(100), allowNull: false },
    file: { type: DataTypes.STRING(32), allowNull: false, unique: true },
    mime_type: { type: DataTypes.STRING(128), allowNull: false },
    size: { type: DataTypes.BIGINT, allowNull: false },
    owner_id: ref('users', true, 'SET NULL'),
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('company_files', ['company_id', 'folder_id']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.dropTable('company_files');
  await qi.dropTable('company_folders');
};
