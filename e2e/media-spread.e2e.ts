import { expect } from 'chai';
import type { Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { openLive } from './support/live';
import { member, moveTo, RECORD_PEER_CONNECTIONS, receiving } from './support/media';
import { e2eWorld } from './support/world';

describe('media: a room spread over two media workers (pipeToRouter)', function () {
  this.timeout(300_000);
  // one peer per router: each person's transports are on their own router, on the other worker
  const world = e2eWorld({ env: { MEDIASOUP_NUM_WORKERS: '2', MEDIA_PEERS_PER_ROUTER: '1' } });

  it('two people on different workers see and hear each other (decoded frames, audio packets)', async () => {
    const { server, smtp } = world;
    const { owner } = await createTeam(server, smtp, 'spread', false);
    const other = await member(server, smtp, owner, 'spread-b');
    const floorId = await createPermanentFloor(server, owner, 'Spread floor');
    const open = async (who: Account) => {
      const page = await openLive(world.pages.open, server, floorId, who, RECORD_PEER_CONNECTIONS, 'en-US');
      await moveTo(page, 9);
      return page;
    };
    const [a, b] = [await open(owner), await open(other)];
    for (const page of [a, b]) await receiving(page, 1, 1, 30_000);
    const routers = (await server.media.health()).map((w) => w.routers);
    expect(routers, 'one router of the room on each worker').to.deep.equal([1, 1]);
  });
});
