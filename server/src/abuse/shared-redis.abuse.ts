import { expect } from 'chai';
import { createClient } from 'redis';
import { clusterKey } from '../lib/cluster-key';
import { SIGNUP_PER_IP } from '../features/auth/mail-limiter';
import { requireService } from '../testing/services';
import { startTestServer, type TestServer } from '../testing/test-server';
import { api, signIn, signUp, sockets, verify } from './sessions.testing';

const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Two deployments on one Redis (docs/operations.md allows it) share nothing
 * by accident: each one's rate-limit, handshake and lease keys live under
 * its own namespace, so a flood that exhausts one deployment's sign-up limit
 * for an address leaves the other's alone.
 */
describe('abuse: two deployments sharing one Redis keep their limits apart', function () {
  this.timeout(60_000);
  const redis = createClient({ url: REDIS_URL });
  const live = sockets();
  let one: TestServer | undefined;
  let two: TestServer | undefined;
  // Redis outlives each run's databases: an address of this run's own keeps earlier runs' counts out
  const address = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
  const signupFrom = (server: TestServer, email: string) =>
    api(server, '/auth/signup', {
      headers: { 'X-Forwarded-For': address },
      body: {
        name: 'Flood',
        email,
        password: 'correct-horse-9',
        passwordConfirmation: 'correct-horse-9',
        agreeTerms: true,
      },
    });

  before(async function () {
    await requireService(this, 'Redis', '127.0.0.1', 6379);
    await redis.connect();
    one = await startTestServer({ REDIS_URL, TRUST_PROXY: 'loopback' });
    two = await startTestServer({ REDIS_URL, TRUST_PROXY: 'loopback' });
  });
  after(async () => {
    live.closeAll();
    await two?.close();
    await one?.close();
    if (redis.isOpen) await redis.quit();
  });

  it('refuses the flooded address on one deployment only, and writes every key under its deployment', async () => {
    const before = new Set(await redis.keys('*'));
    for (let n = 0; n < SIGNUP_PER_IP.points; n += 1)
      expect((await signupFrom(one!, `flood-${n}@spam.example`)).status).to.equal(201);
    expect((await signupFrom(one!, 'flood-extra@spam.example')).status).to.equal(429);
    expect((await signupFrom(two!, 'flood-0@spam.example')).status).to.equal(201); // the other deployment
    for (const server of [one!, two!]) {
      const who = await signUp(server, `member@${server === one ? 'one' : 'two'}.example`, '10.250.0.1');
      await verify(server, who);
      const signedIn = await signIn(server, who.email, undefined, '10.250.0.2');
      await live.open(server, signedIn.accessToken);
    }

    const written = (await redis.keys('*')).filter((key) => !before.has(key));
    const namespaces = [one!, two!].map((server) => `${clusterKey(server.config.databaseUrl)}:`);
    expect(namespaces[0]).to.not.equal(namespaces[1]);
    expect(written.filter((key) => !namespaces.some((ns) => key.startsWith(ns)))).to.deep.equal([]);
    for (const ns of namespaces) {
      expect(written).to.include(`${ns}signup_ip:${address}`);
      expect(written.some((key) => key.startsWith(`${ns}socket_handshake`))).to.equal(true);
    }
  });
});
