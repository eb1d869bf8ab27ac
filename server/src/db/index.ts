export { createSequelize, type Dialect } from './sequelize';
export { createMigrator, migrate } from './migrator';
export type { Migration } from './migration';
