import type { MigrationModule } from '../migration';
import * as m0001 from './0001-app-settings';
import * as m0002 from './0002-accounts';

/** Every migration, in order. A new one is added at the end with the next number. */
export const MIGRATIONS: MigrationModule[] = [
  { name: '0001-app-settings', ...m0001 },
  { name: '0002-accounts', ...m0002 },
];
