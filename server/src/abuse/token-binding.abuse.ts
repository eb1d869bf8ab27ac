import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actor } from '../features/companies/fixtures';
import { tokenOf } from '../features/floors/live/live.testing';
import { api, as, signUp, sockets, verify } from './sessions.testing';

/**
 * Issue 13 §3: a token's session id is bound to its account and its kind.
 * An admin token is never a user token (REST and socket) nor the reverse, and
 * a token naming another account's live sign-in is refused — even one signed
 * with the server's own key (as a bug elsewhere could mint).
 */
describe('abuse: tokens bound to their account and kind (issue 13 §3)', function () {
  this.timeout(60_000);
  let server: TestServer;
  const live = sockets();
  const socketRefused = async (token: string) =>
    expect(
      await live.open(server, token).then(
        () => 'connected',
        (err: { data?: { code: string } }) => err.data?.code,
      ),
    ).to.equal('AUTHORIZATION_FAILED');

  before(async () => {
    server = await startTestServer();
  });
  afterEach(() => live.closeAll());
  after(() => server?.close());

  const forge = (claims: Record<string, unknown>, audience: string) =>
    jwt.sign(claims, server.config.jwtSecret, { algorithm: 'HS256', issuer: 'tsudoi', audience, expiresIn: 600 });

  it('never takes an admin token as a user token, nor a user token as an admin token (REST and socket)', async () => {
    const admin = await actor(server, 'ops@platform.example', { type: 'admin' });
    const user = await signUp(server, 'plain@example.jp');
    await verify(server, user);
    expect((await api(server, '/auth/me', as(admin))).status, 'admin on /auth/me (either kind)').to.equal(200);
    for (const path of ['/users/me', '/company-employees', `/chat/conversations/1/download`])
      expect((await api(server, path, as(admin))).status, `admin token on ${path}`).to.equal(401);
    await socketRefused(tokenOf(admin));
    const asAdmin = await api(server, `/admin/users/${user.userId}`, as(user, { method: 'DELETE' }));
    expect([asAdmin.status, asAdmin.json.error?.code]).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await server.models.User.count({ where: { id: user.userId } })).to.equal(1);
    // the same claims with the other kind named inside are no better
    const claims = jwt.decode(tokenOf(admin)) as { sub: string; sid: string };
    const posing = forge({ sub: claims.sub, typ: 'user', sid: claims.sid }, 'user');
    expect((await api(server, '/users/me', { headers: { Authorization: `Bearer ${posing}` } })).status).to.equal(401);
    await socketRefused(posing);
    const mislabelled = forge({ sub: String(user.userId), typ: 'admin', sid: user.sid }, 'user');
    expect((await api(server, '/users/me', { headers: { Authorization: `Bearer ${mislabelled}` } })).status).to.equal(
      401,
    );
  });

  it("refuses a token whose session id is another account's live sign-in", async () => {
    const victim = await signUp(server, 'victim@example.jp');
    const attacker = await signUp(server, 'attacker@example.jp');
    const stolen = forge({ sub: String(attacker.userId), typ: 'user', sid: victim.sid }, 'user');
    expect((await api(server, '/users/me', { headers: { Authorization: `Bearer ${stolen}` } })).status).to.equal(401);
    await socketRefused(stolen);
    // and the attacker's own session id with the victim's account is refused the same way
    const swapped = forge({ sub: String(victim.userId), typ: 'user', sid: attacker.sid }, 'user');
    expect((await api(server, '/users/me', { headers: { Authorization: `Bearer ${swapped}` } })).status).to.equal(401);
    await socketRefused(swapped);
    expect((await api(server, '/users/me', as(victim))).status, 'the real tokens still work').to.equal(200);
  });
});
