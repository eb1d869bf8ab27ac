import { expect } from 'chai';
import { createLogger } from '../lib/logger';
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/databases';
import { createMigrator, createSequelize } from './index';

describe(`migrations (${testDialect()})`, function () {
  this.timeout(30_000);
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db?.drop());

  it('apply once, are recorded, and roll back', async () => {
    const logger = createLogger('silent');
    const sequelize = createSequelize(db.url, logger);
    try {
      const migrator = createMigrator(sequelize, logger);
      expect((await migrator.up()).map((m) => m.name)).to.deep.equal([
        '0001-app-settings',
        '0002-accounts',
        '0003-floors',
        '0004-participant-log',
        '0005-floor-live',
        '0006-floor-guests',
        '0007-chat',
        '0008-virtual-backgrounds',
        '0009-upload-storage',
        '0011-attendance',
        '0012-admin-audit',
        '0013-billing',
        '0014-recordings',
        '0015-stage',
        '0016-appointments',
        '0017-floor-owner-token',
        '0019-appointment-visits',
        '0022-company-uploads',
        '0018-stage-requests',
        '0020-activities',
        '0021-room-names',
        '0023-stage-return-and-view',
        '0024-skip-host-guide',
        '0025-participant-from-booking',
        '0026-recording-access',
        '0027-chat-moderation',
        '0028-time-log-corrections',
        '0029-inquiry-status',
        '0030-recording-heartbeat',
        '0031-question-answered-pinned',
        '0032-revoked-guest-links',
      ]);
      expect(await migrator.up()).to.deep.equal([]);
      const qi = sequelize.getQueryInterface();
      const tables = (await qi.showAllTables()).map((t) =>
        typeof t === 'string' ? t : (t as { tableName: string }).tableName,
      );
      expect(tables).to.include.members([
        'app_settings',
        'schema_migrations',
        'users',
        'companies',
        'floors',
        'floor_rooms',
        'floor_participants',
        'participant_logs',
        'floor_users',
        'room_invitations',
        'chat_conversations',
        'chat_members',
        'chat_messages',
        'chat_uploads',
        'virtual_backgrounds',
        'attendance_settings',
        'attendance_permissions',
        'time_logs',
        'shifts',
        'billing_events',
        'contact_inquiries',
        'recordings',
        'company_folders',
        'company_files',
        'recording_viewers',
        'time_log_corrections',
      ]);
      await qi.bulkInsert('app_settings', [{ key: 'k', value: 'v', updated_at: new Date() }]);
      const [rows] = await sequelize.query('SELECT value FROM app_settings WHERE `key` = ?', { replacements: ['k'] });
      expect(rows).to.deep.equal([{ value: 'v' }]);
      await migrator.down({ to: 0 });
      expect((await qi.showAllTables()).map(String)).not.to.include('app_settings');
    } finally {
      await sequelize.close();
    }
  });

  it('0021 adds the rooms’ name and type and takes them away again, keeping the rows', async () => {
    const logger = createLogger('silent');
    const sequelize = createSequelize(db.url, logger);
    try {
      const migrator = createMigrator(sequelize, logger);
      await migrator.up({ to: '0020-activities' });
      const qi = sequelize.getQueryInterface();
      expect(Object.keys(await qi.describeTable('floor_rooms'))).not.to.include.members(['name']);
      await migrator.up({ to: '0021-room-names' });
      const columns = await qi.describeTable('floor_rooms');
      expect(columns).to.include.keys('name', 'type');
      expect([columns.name!.allowNull, columns.type!.allowNull]).to.deep.equal([true, true]);
      await migrator.down({ to: '0021-room-names' });
      expect(Object.keys(await qi.describeTable('floor_rooms'))).to.not.include.members(['name', 'type']);
      expect(Object.keys(await qi.describeTable('floor_rooms'))).to.include.members(['seat', 'locked']);
      await migrator.down({ to: 0 });
    } finally {
      await sequelize.close();
    }
  });

  it('refuses an unknown database URL scheme with a clear message', () => {
    expect(() => createSequelize('postgres://x', createLogger('silent'))).to.throw(
      /sqlite:, mysql:\/\/ or mariadb:\/\//,
    );
  });
});
