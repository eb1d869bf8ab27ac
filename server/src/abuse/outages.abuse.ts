import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../testing/test-server';
import { STRIPE_TEST_ENV } from '../testing/stripe-stub';
import { api, as, platformAdmin, type Actor } from '../features/companies/fixtures';
import { twoTeams } from '../features/floors/fixtures';

/**
 * Issue 25 §13 from the attacker's side and in outages: a NUL byte in the
 * admin console's searches, filters and ids is a 400 that changes nothing
 * (SQLite ends a statement's text at it); a payment provider that cannot be
 * reached or fails is a 503 "try again later", never a 500 and never a
 * half-made subscription.
 */
describe('abuse: NUL bytes in the admin console, and a payment provider that is down', function () {
  this.timeout(90_000);
  let server: TestServer;
  let admin: Actor;
  /** A port nothing listens on (the provider is unreachable), and a provider that answers 500 to everything. */
  let closedPort: number;
  const broken = http.createServer((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{}'));

  before(async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({ ...STRIPE_TEST_ENV, STRIPE_API_URL: `http://127.0.0.1:${closedPort}` });
    admin = await platformAdmin(server, 'correct horse battery staple');
  });
  after(async () => {
    await server?.close();
    broken.close();
  });

  it('answers a NUL byte in any search, filter, id or export of the admin console with 400, and keeps answering', async () => {
    const paths = [
      '/api/admin/users?q=%00',
      '/api/admin/users?q=a%00b&sort=name',
      '/api/admin/company?q=%00',
      '/api/admin/floors?q=x%00',
      '/api/admin/participant_log?q=%00',
      '/api/admin/audit?targetType=%00',
      '/api/admin/audit?q=%00',
      '/api/admin/users/1%00',
      '/api/admin/storage/chat?q=%00',
      '/api/admin/users/export?q=%00',
      '/api/admin/floors/export?q=%00',
      '/api/admin/participant_log/export?q=%00',
    ];
    for (const path of paths) {
      const res = await api(server, path, as(admin, { lang: 'en' }));
      expect([path, res.status, res.json?.error?.code]).to.deep.equal([path, 400, 'MALFORMED_URL']);
    }
    // a DELETE with a NUL in its id changes nothing either
    const users = await server.models.User.count();
    const removed = await api(server, '/api/admin/users/1%00', as(admin, { method: 'DELETE', lang: 'en' }));
    expect([removed.status, removed.json.error?.code]).to.deep.equal([400, 'MALFORMED_URL']);
    expect(await server.models.User.count()).to.equal(users);
    // and the console still answers
    expect((await api(server, '/api/admin/users?q=root', as(admin, { lang: 'en' }))).status).to.equal(200);
  });

  it('a checkout while the payment provider cannot be reached is 503 "try again later", and the team stays as it was', async () => {
    const teams = await twoTeams(server);
    const before = await server.models.Company.findByPk(teams.teamA.id, { raw: true });
    const started = Date.now();
    const res = await api(server, '/api/billing/checkout', as(teams.ownerA, { method: 'POST', lang: 'en', body: {} }));
    expect([res.status, res.json.error?.code, res.json.error?.message]).to.deep.equal([
      503,
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'The payment service cannot be reached right now. Nothing was charged. Please try again later.',
    ]);
    expect(Date.now() - started).to.be.below(20_000);
    expect(await server.models.Company.findByPk(teams.teamA.id, { raw: true })).to.deep.equal(before);
  });

  it('a provider that answers with its own errors is 503 as well', async () => {
    const other = await startTestServer({
      ...STRIPE_TEST_ENV,
      STRIPE_API_URL: `http://127.0.0.1:${(broken.address() as AddressInfo).port}`,
    });
    try {
      const teams = await twoTeams(other);
      const res = await api(other, '/api/billing/checkout', as(teams.ownerA, { method: 'POST', lang: 'ja', body: {} }));
      expect([res.status, res.json.error?.code]).to.deep.equal([503, 'PAYMENT_PROVIDER_UNAVAILABLE']);
      expect(res.json.error?.message).to.contain('しばらくしてから');
    } finally {
      await other.close();
    }
  });
});
