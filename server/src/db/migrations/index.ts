import type { MigrationModule } from '../migration';
import * as m0001 from './0001-app-settings';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-floors';
import * as m0004 from './0004-participant-log';
import * as m0005 from './0005-floor-live';
import * as m0006 from './0006-floor-guests';
import * as m0007 from './0007-chat';
import * as m0008 from './0008-virtual-backgrounds';
import * as m0009 from './0009-upload-storage';
import * as m0011 from './0011-attendance';
import * as m0012 from './0012-admin-audit';
import * as m0013 from './0013-billing';
import * as m0014 from './0014-recordings';
import * as m0015 from './0015-stage';
import * as m0016 from './0016-appointments';
import * as m0017 from './0017-floor-owner-token';
import * as m0019 from './0019-appointment-visits';
import * as m0022 from './0022-company-uploads';
import * as m0018 from './0018-stage-requests';
import * as m0020 from './0020-activities';
import * as m0021 from './0021-room-names';
import * as m0023 from './0023-stage-return-and-view';
import * as m0024 from './0024-skip-host-guide';
import * as m0025 from './0025-participant-from-booking';
import * as m0026 from './0026-recording-access';
import * as m0027 from './0027-chat-moderation';
import * as m0028 from './0028-time-log-corrections';
import * as m0029 from './0029-inquiry-status';
import * as m0030 from './0030-recording-heartbeat';
import * as m0031 from './0031-question-answered-pinned';
import * as m0032 from './0032-revoked-guest-links';

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
  { name: '0009-upload-storage', ...m0009 },
  { name: '0011-attendance', ...m0011 },
  { name: '0012-admin-audit', ...m0012 },
  { name: '0013-billing', ...m0013 },
  { name: '0014-recordings', ...m0014 },
  { name: '0015-stage', ...m0015 },
  { name: '0016-appointments', ...m0016 },
  { name: '0017-floor-owner-token', ...m0017 },
  { name: '0019-appointment-visits', ...m0019 },
  { name: '0022-company-uploads', ...m0022 },
  { name: '0018-stage-requests', ...m0018 },
  { name: '0020-activities', ...m0020 },
  { name: '0021-room-names', ...m0021 },
  { name: '0023-stage-return-and-view', ...m0023 },
  { name: '0024-skip-host-guide', ...m0024 },
  { name: '0025-participant-from-booking', ...m0025 },
  { name: '0026-recording-access', ...m0026 },
  { name: '0027-chat-moderation', ...m0027 },
  { name: '0028-time-log-corrections', ...m0028 },
  { name: '0029-inquiry-status', ...m0029 },
  { name: '0030-recording-heartbeat', ...m0030 },
  { name: '0031-question-answered-pinned', ...m0031 },
  { name: '0032-revoked-guest-links', ...m0032 },
];
