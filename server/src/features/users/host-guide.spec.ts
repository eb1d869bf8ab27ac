import { expect } from 'chai';
import { userSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { actor, api, as, dbState, type Actor } from '../companies/fixtures';

describe(`the in-floor tutorial's skipHostGuide flag (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let host: Actor;
  let other: Actor;
  const me = (who: Actor) => api(server, '/api/users/me', as(who, { lang: 'en' }));
  const set = (who: Actor | null, body: unknown, lang = 'en') =>
    who
      ? api(server, '/api/users/me/host-guide', as(who, { method: 'PUT', body, lang }))
      : api(server, '/api/users/me/host-guide', { method: 'PUT', body, lang });

  before(async () => {
    server = await startTestServer();
    host = await actor(server, 'host@guide.example', { name: 'Guide Host' });
    other = await actor(server, 'other@guide.example', { name: 'Other Host' });
  });
  after(() => server?.close());

  it('is off for a new account, set by its owner only, and read by every later sign-in', async () => {
    expect(userSchema.parse((await me(host)).json.data).skipHostGuide).to.equal(false);
    const res = await set(host, { skipHostGuide: true });
    expect(res.status, res.text).to.equal(200);
    expect(userSchema.parse(res.json.data)).to.include({ id: host.user.id, skipHostGuide: true });
    // another device: a new sign-in reads the flag from the server
    const device = await server.features.tokens.issue((await server.models.User.findByPk(host.user.id))!);
    const token = device.accessToken;
    const again = await api(server, '/api/auth/me', { headers: { Authorization: `Bearer ${token}` }, lang: 'en' });
    expect(userSchema.parse(again.json.data).skipHostGuide).to.equal(true);
    // the other account's flag did not move, and its own change does not touch the first one
    expect(userSchema.parse((await me(other)).json.data).skipHostGuide).to.equal(false);
    await set(other, { skipHostGuide: true });
    await set(other, { skipHostGuide: false });
    expect(userSchema.parse((await me(host)).json.data).skipHostGuide).to.equal(true);
    expect(userSchema.parse((await me(other)).json.data).skipHostGuide).to.equal(false);
    // false shows it again
    expect(userSchema.parse((await set(host, { skipHostGuide: false })).json.data).skipHostGuide).to.equal(false);
    expect((await server.models.User.findByPk(host.user.id))!.skipHostGuide).to.equal(false);
  });

  it('refuses a missing or wrong flag with the catalogue message, and no sign-in, changing nothing', async () => {
    const before = await dbState(server);
    for (const body of [{}, { skipHostGuide: 'yes' }, { skipHostGuide: 1 }, { skipHostGuide: null }]) {
      const res = await set(host, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.json.error!.code).to.equal('VALIDATION_FAILED');
    }
    const ja = await set(host, { skipHostGuide: 'yes' }, 'ja');
    expect(ja.json.error!.fields).to.deep.equal({ skipHostGuide: 'skipHostGuideの形式が正しくありません' });
    expect((await set(host, {})).json.error!.fields).to.deep.equal({ skipHostGuide: 'skipHostGuide is required' });
    const none = await set(null, { skipHostGuide: true });
    expect([none.status, none.json.error!.code]).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await dbState(server)).to.deep.equal(before);
  });
});
