import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

export type Migration = MigrationFn<QueryInterface>;
export interface MigrationModule {
  name: string;
  up: Migration;
  down: Migration;
}
