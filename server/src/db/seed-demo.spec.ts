import { expect } from 'chai';
import { sessionSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDialect } from '../testing/databases';
import { call } from '../testing/http';
import { DEMO, DEMO_SEEDED_KEY, demoLoginWorks, seedDemo } from './seed-demo';

describe(`demo data of the embedded default (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  const seed = () => seedDemo(server.sequelize, server.models, server.logger);
  const counts = async () => ({
    users: await server.models.User.count({ paranoid: false }),
    companies: await server.models.Company.count({ paranoid: false }),
    floors: await server.models.Floor.count({ paranoid: false }),
  });
  const marker = async () => {
    const [rows] = await server.sequelize.query('SELECT value FROM app_settings WHERE `key` = ?', {
      replacements: [DEMO_SEEDED_KEY],
    });
    return (rows as { value: string }[]).map((row) => row.value);
  };

  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server?.close());

  it('is not seeded by the test server itself', async () => {
    expect(await counts()).to.deep.equal({ users: 0, companies: 0, floors: 0 });
    expect(await demoLoginWorks(server.models)).to.equal(false);
  });

  it('seeds a business-plan company with a verified owner and two employees, once', async () => {
    expect(await seed()).to.equal('created');
    expect(await marker()).to.deep.equal(['created']);
    const company = await server.models.Company.findOne({ where: { name: DEMO.company } });
    expect(company).to.include({ plan: 'business', maxEmployee: 25 });
    const users = await server.models.User.findAll({ order: [['id', 'ASC']] });
    expect(users.map((u) => [u.email, u.employeeRole, u.employmentCompanyId, u.type])).to.deep.equal([
      ['demo@tsudoi.local', 'OWNER', company!.id, 'user'],
      ['sato@tsudoi.local', 'EMPLOYEE', company!.id, 'user'],
      ['tanaka@tsudoi.local', 'EMPLOYEE', company!.id, 'user'],
    ]);
    expect(users.every((u) => u.verifiedAt instanceof Date)).to.equal(true);
    expect(company!.ownerId).to.equal(users[0]!.id);
    expect(users[0]!.companyId).to.equal(company!.id);

    for (const email of ['demo@tsudoi.local', 'tanaka@tsudoi.local']) {
      const res = await call(server.url, '/api/auth/login', { body: { email, password: 'tsudoi-demo-1' } });
      expect(res.status, email).to.equal(200);
      expect(sessionSchema.parse(res.json).user.verifiedAt).to.be.a('string');
    }
    expect(await demoLoginWorks(server.models)).to.equal(true);

    // One permanent floor of the company, hosted by the owner, with its 24 rooms.
    const owner = await call(server.url, '/api/auth/login', {
      body: { email: DEMO.owner.email, password: DEMO.password },
    });
    const auth = { Authorization: `Bearer ${sessionSchema.parse(owner.json).token.accessToken}` };
    const hosted = await call(server.url, '/api/floors/hosted?group=permanent', { headers: auth });
    expect(hosted.status).to.equal(200);
    const floors = (hosted.json as { data: { id: number; title: string; status: string }[] }).data;
    expect(floors.map((f) => [f.title, f.status])).to.deep.equal([[DEMO.floor.title, 'running']]);
    const rooms = await call(server.url, `/api/floors/${floors[0]!.id}/rooms`, { headers: auth });
    expect((rooms.json as { data: unknown[] }).data).to.have.length(24);

    const before = await counts();
    expect(await seed()).to.equal('already-seeded');
    expect(await counts()).to.deep.equal(before);
  });

  it('does not bring back a deleted demo account, and creates nothing when a demo e-mail is taken', async () => {
    await seed();
    await server.models.User.destroy({ where: { email: 'sato@tsudoi.local' }, force: true });
    expect(await seed()).to.equal('already-seeded');
    expect(await server.models.User.count({ where: { email: 'sato@tsudoi.local' } })).to.equal(0);

    await server.sequelize.query('DELETE FROM app_settings');
    const before = await counts();
    expect(await seed()).to.equal('skipped');
    expect(await counts()).to.deep.equal(before);
    expect(await marker()).to.deep.equal(['skipped']);
  });
});
