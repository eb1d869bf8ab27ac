import { expect } from 'chai';
import { createLogger } from '../../lib/logger';
import { createTestDatabase, testDialect, type TestDatabase } from '../../testing/databases';
import { createMigrator, createSequelize } from '../index';
import { defineModels } from '../models';
import { floorRow } from '../../testing/floor-row';

describe(`migration 0009: stored files charged to a company (${testDialect()})`, function () {
  this.timeout(30_000);
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db?.drop());

  it('charges existing uploads to their floor’s company, else their uploader’s team', async () => {
    const logger = createLogger('silent');
    const sequelize = createSequelize(db.url, logger);
    try {
      const migrator = createMigrator(sequelize, logger);
      await migrator.up({ to: '0008-virtual-backgrounds' });
      const m = defineModels(sequelize);
      const [teamA, teamB] = [
        await m.Company.create({ name: 'A', ownerId: null }),
        await m.Company.create({ name: 'B', ownerId: null }),
      ];
      // only the columns a database at 0008 has (later migrations add more to users)
      const user = (email: string, employmentCompanyId: number | null) =>
        m.User.create({ name: email, email, passwordHash: null, employmentCompanyId } as never, {
          fields: ['name', 'email', 'passwordHash', 'employmentCompanyId'],
        });
      const [host, member, loner] = [await user('h@a', teamA.id), await user('m@b', teamB.id), await user('l@x', null)];
      const floor = await floorRow(m, teamA.id, host.id);
      const room = await m.ChatConversation.create({
        key: 'floor:1',
        kind: 1,
        scope: 'floor',
        floorId: floor.id,
        typeId: floor.id,
      });
      const pair = await m.ChatConversation.create({
        key: 'private:1:2',
        kind: 1,
        scope: 'private',
        floorId: null,
        typeId: null,
      });
      const fields = ['id', 'conversationId', 'userId', 'kind', 'name', 'size', 'mimeType', 'messageId'] as const;
      const upload = (id: string, conversationId: number, userId: number) =>
        m.ChatUpload.create(
          { id, conversationId, userId, kind: 'file', name: 'x', size: 1, mimeType: 'x', companyId: null },
          { fields: [...fields] },
        );
      await upload('1'.repeat(32), room.id, member.id); // on team A's floor, by team B's member
      await upload('2'.repeat(32), pair.id, member.id);
      await upload('3'.repeat(32), pair.id, loner.id);
      const background = (file: string, userId: number, floorId: number | null) =>
        m.VirtualBackground.create(
          { userId, floorId, participantId: null, file, mimeType: 'image/png', size: 1, companyId: null },
          { fields: ['userId', 'floorId', 'participantId', 'file', 'mimeType', 'size'] },
        );
      await background('a'.repeat(32), member.id, floor.id);
      await background('b'.repeat(32), member.id, null);
      await background('c'.repeat(32), loner.id, null);

      await migrator.up();
      const uploads = await m.ChatUpload.findAll({ order: [['id', 'ASC']] });
      expect(uploads.map((u) => [u.companyId, u.expiredAt])).to.deep.equal([
        [teamA.id, null],
        [teamB.id, null],
        [null, null],
      ]);
      const backgrounds = await m.VirtualBackground.findAll({ order: [['file', 'ASC']] });
      expect(backgrounds.map((b) => b.companyId)).to.deep.equal([teamA.id, teamB.id, null]);
      await migrator.down({ to: '0009-upload-storage' });
      await migrator.up();
    } finally {
      await sequelize.close();
    }
  });
});
