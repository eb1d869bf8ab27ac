import { expect } from 'chai';
import type { types as ms } from 'mediasoup';
import { testDialect } from '../../testing/databases';
import { loadMediasoup } from '../../media/worker-bin';
import { call, next, ok, pause } from '../floors/live/live.testing';
import { consume, mediaPeer, mediaWorld, produce } from './media.testing';

/** Every router the workers create after this call, with the worker's pid, its producers and consumers. */
async function watchRouters() {
  const routers = new Map<string, { pid: number; router: ms.Router; producers: Set<string>; consumers: Set<string> }>();
  const { observer } = await loadMediasoup(process.env.MEDIASOUP_WORKER_BIN);
  observer.on('newworker', (worker) =>
    worker.observer.on('newrouter', (router) => {
      const entry = { pid: worker.pid, router, producers: new Set<string>(), consumers: new Set<string>() };
      routers.set(router.id, entry);
      router.observer.on('newtransport', (transport) => {
        transport.observer.on('newproducer', (p) => entry.producers.add(p.id));
        transport.observer.on('newconsumer', (c) => entry.consumers.add(c.id));
      });
    }),
  );
  const open = () => [...routers.values()].filter((r) => !r.router.closed);
  return { routers, open };
}

describe(`media: a room with more peers than one router takes spreads over the workers (${testDialect()})`, function () {
  this.timeout(60_000);
  let watch: Awaited<ReturnType<typeof watchRouters>>;
  before(async () => {
    watch = await watchRouters();
  });
  // two workers, two peers per router: the third person in a room is placed on a second router, on the other worker
  const world = mediaWorld({ env: { MEDIASOUP_NUM_WORKERS: '2', MEDIA_PEERS_PER_ROUTER: '2' } });
  const { on } = world;

  it('places the third peer on another worker; producers reach every router through pipes; the extra router closes when empty', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const third = await on(world.teams.adminA);
    const a = await mediaPeer(host);
    await mediaPeer(member);
    expect(watch.open()).to.have.length(1);
    const c = await mediaPeer(third);
    const [primary, extra] = watch.open();
    expect(watch.open()).to.have.length(2);
    expect(extra!.pid, 'the second router is on the other worker').to.not.equal(primary!.pid);

    // the third person's camera: made on the extra router and piped to the primary (speaking observer, recorder)
    const offered = next(host, 'media:newProducer');
    const camera = await ok(produce(third, c.send.id, 'camera'));
    await offered;
    expect(extra!.producers.has(camera.producerId)).to.equal(true);
    expect(primary!.producers.has(camera.producerId), 'piped to the primary').to.equal(true);

    // the host (primary) receives it; the third person receives the host's microphone through a pipe the other way
    const seen = await ok(consume(host, camera.producerId, a.join.rtpCapabilities));
    expect(primary!.consumers.has(seen.consumerId)).to.equal(true);
    const mic = await ok(produce(host, a.send.id, 'mic'));
    expect(extra!.producers.has(mic.producerId)).to.equal(false);
    const heard = await ok(consume(third, mic.producerId, c.join.rtpCapabilities));
    expect(extra!.consumers.has(heard.consumerId)).to.equal(true);
    expect(extra!.producers.has(mic.producerId), 'piped to the extra router once consumed there').to.equal(true);
    // a second consume of the same producer reuses the consumer (and the pipe)
    expect((await ok(consume(third, mic.producerId, c.join.rtpCapabilities))).consumerId).to.equal(heard.consumerId);

    // the third person leaves: their camera's consumer closes for the host and the extra router closes
    const closed = next(host, 'media:consumerClosed');
    await ok(call(third, 'media:leave', {}));
    expect(await closed).to.deep.include({ producerId: camera.producerId });
    await pause(100);
    expect(extra!.router.closed, 'the empty extra router is closed').to.equal(true);
    expect(watch.open()).to.have.length(1);

    // a third person again needs the extra router; the last one out closes them all
    await mediaPeer(third);
    expect(watch.open()).to.have.length(2);
    for (const client of [host, member, third]) await ok(call(client, 'media:leave', {}));
    await pause(100);
    expect(watch.open()).to.have.length(0);
  });
});
