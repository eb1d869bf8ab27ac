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

  it('refuses an unknown database URL scheme with a clear message', () => {
    expect(() => createSequelize('postgres://x', createLogger('silent'))).to.throw(
      /sqlite:, mysql:\/\/ or mariadb:\/\//,
    );
  });
});
