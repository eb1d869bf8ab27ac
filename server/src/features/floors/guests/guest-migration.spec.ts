import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { createMigrator, createSequelize } from '../../../db';
import { createLogger } from '../../../lib/logger';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../testing/databases';

describe(`migration 0006-floor-guests (${testDialect()})`, function () {
  this.timeout(30_000);
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db?.drop());

  it('gives existing floors and participants their own link tokens, unique, and rolls back', async () => {
    const logger = createLogger('silent');
    const sequelize = createSequelize(db.url, logger);
    try {
      const migrator = createMigrator(sequelize, logger);
      await migrator.up({ to: '0005-floor-live' });
      const qi = sequelize.getQueryInterface();
      const now = new Date();
      await qi.bulkInsert('users', [
        {
          id: 1,
          name: 'Host',
          email: 'h@x.example',
          type: 'user',
          status: 'active',
          locale: 'ja',
          created_at: now,
          updated_at: now,
        },
      ]);
      await qi.bulkInsert('companies', [{ id: 1, name: 'Team', owner_id: 1, created_at: now, updated_at: now }]);
      const floor = (id: number) => ({
        id,
        company_id: 1,
        host_id: 1,
        title: `F${id}`,
        type: 2,
        privacy: 'public',
        floor_plan_id: 'office-24',
        created_at: now,
        updated_at: now,
      });
      await qi.bulkInsert('floors', [floor(1), floor(2)]);
      const participant = (id: number, floorId: number) => ({
        id,
        floor_id: floorId,
        user_id: 1,
        email: 'h@x.example',
        name: 'Host',
        type: 'HOST',
        created_at: now,
        updated_at: now,
      });
      await qi.bulkInsert('floor_participants', [participant(1, 1), participant(2, 2)]);

      await migrator.up({ to: '0006-floor-guests' });
      const select = (sql: string) => sequelize.query<Record<string, string>>(sql, { type: QueryTypes.SELECT });
      const floors = (await select('SELECT invite_token FROM floors ORDER BY id')).map((r) => r.invite_token);
      const people = (await select('SELECT public_token FROM floor_participants ORDER BY id')).map(
        (r) => r.public_token,
      );
      const tokens = [...floors, ...people];
      for (const token of tokens) expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(new Set(tokens).size).to.equal(4);
      let duplicate: unknown = null;
      await sequelize
        .query('UPDATE floors SET invite_token = ? WHERE id = 2', { replacements: [floors[0]] })
        .catch((error: unknown) => (duplicate = error));
      expect(duplicate, 'a token is unique').to.be.instanceOf(Error);

      await migrator.down({ to: '0005-floor-live' });
      const columns = Object.keys(await qi.describeTable('floors'));
      expect(columns).to.not.include('invite_token');
      expect(Object.keys(await qi.describeTable('floor_participants'))).to.not.include('public_token');
      expect((await select('SELECT title FROM floors')).map((r) => r.title)).to.deep.equal(['F1', 'F2']);
    } finally {
      await sequelize.close();
    }
  });
});
