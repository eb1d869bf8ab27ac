import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Actor } from '../server/src/features/companies/fixtures';
import { call, join, ok, socketOf, type Client } from '../server/src/features/floors/live/live.testing';
import { requireService } from '../server/src/testing/services';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import type { Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { openLive } from './support/live';
import { member, moveTo, RECORD_PEER_CONNECTIONS, receiving } from './support/media';
import { e2eWorld } from './support/world';

const REDIS_URL = 'redis://127.0.0.1:6379';
const routers = async (server: TestServer) => (await server.media.health()).reduce((n, w) => n + w.routers, 0);
const peerConnections = (page: Page) =>
  page.evaluate(() => (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.length);

describe("media: a floor's media on one process, its people on others (three processes, Redis)", function () {
  this.timeout(300_000);
  const world = e2eWorld({ env: { REDIS_URL } });
  const extra: TestServer[] = [];
  let pilot: Client | undefined;
  before(async function () {
    await requireService(this, 'Redis', '127.0.0.1', 6379);
  });
  after(async () => {
    pilot?.disconnect();
    for (const server of extra.splice(0)) await server.close();
  });
  /** Another process of the deployment (the world's server keeps the database). */
  const another = async () => {
    const server = await startTestServer({
      REDIS_URL,
      DATABASE_URL: world.server.config.databaseUrl,
      SMTP_URL: world.smtp.url,
    });
    extra.push(server);
    return server;
  };

  it('two people on two processes see and hear each other through a third; it closes, and they do again without a reload', async () => {
    const { server: a, smtp } = world;
    const [b, c] = [await another(), await another()];
    const { owner } = await createTeam(a, smtp, 'homes', false);
    const other = await member(a, smtp, owner, 'homes-b');
    const third = await member(a, smtp, owner, 'homes-c');
    const floorId = await createPermanentFloor(a, owner, 'Homes floor');

    // a third person's socket on C joins the floor's media first: C becomes the floor's media home
    const asActor = (who: Account) => ({ headers: { Authorization: `Bearer ${who.accessToken}` } }) as Actor;
    pilot = await socketOf(c.url, asActor(third));
    const entered = await join(pilot, floorId);
    const room10 = entered.rooms.find((r) => r.number === 10)!.id;
    await ok(call(pilot, 'floor:joinRoom', { roomId: room10 }));
    await ok(call(pilot, 'media:join', {}));

    const open = async (server: TestServer, who: Account) => {
      const page = await openLive(world.pages.open, server, floorId, who, RECORD_PEER_CONNECTIONS, 'en-US');
      await moveTo(page, 9);
      await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
      return page;
    };
    const pageA = await open(a, owner);
    const pageB = await open(b, other);
    for (const page of [pageA, pageB]) await receiving(page, 1, 1, 30_000);
    expect([await routers(a), await routers(b), await routers(c)], 'every router on C').to.deep.equal([0, 0, 2]);

    // C is stopped (SIGTERM): the people on A and B join again, on a live process, without a reload
    const before = [await peerConnections(pageA), await peerConnections(pageB)];
    const started = Date.now();
    const closing = c.close();
    extra.splice(extra.indexOf(c), 1);
    for (const [i, page] of [pageA, pageB].entries())
      await page.waitForFunction(
        (n) => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length >= n + 2,
        before[i]!,
        { timeout: 15_000 },
      );
    for (const page of [pageA, pageB]) await receiving(page, 1, 1, 30_000);
    const back = Date.now() - started;
    await closing;
    process.stdout.write(`      media flowing again ${back} ms after the home began to close\n`);
    for (const page of [pageA, pageB])
      expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).to.equal(
        true,
      );
    expect((await routers(a)) + (await routers(b)), 'the room has one router again, on A or B').to.equal(1);
  });
});
