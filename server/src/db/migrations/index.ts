import type { MigrationModule } from '../migration';
import * as m0001 from './0001-app-settings';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-floors';
import * as m0004 from './0004-participant-log';
import * as m0005 from './0005-floor-live';
import * as m0006 from './0006-floor-guests';
import * as m0007 from './0007-chat';
import * as m0008 from './0008-virtual-backgrounds';

/** Every migration, in order. A new one is added at the end with the next number. */
export const MIGRATIONS: MigrationModule[] = [
  { name: '0001-app-settings', ...m0001 },
  { name: '0002-accounts', ...m0002 },
  { name: '0003-floors', ...m0003 },
  { name: '0004-participant-log', ...m0004 },
  { name: '0005-floor-live', ...m0005 },
  { name: '0006-floor-guests', ...m0006 },
  { name: '0007-chat', ...m0007 },
  { name: '0008-virtual-backgrounds', ...m0008 },
];
