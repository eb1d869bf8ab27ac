import { expect } from 'chai';
import type { types as ms } from 'mediasoup';
import type { FloorUserDto, MediaTransportAnswer, RoomDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { serverPair } from '../../testing/server-pair';
import type { TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join, next, ok, pause, refused, socketOf, type Client } from '../floors/live/live.testing';
import { watchConsumers } from './consumers.testing';
import { consume, mediaPeer, produce, type MediaPeer } from './media.testing';

/** The waiting room (ROOMS: 4): a hall like the stage (area STAGE), without the stage's entry rule. */
const HALL = 4;
const routers = async (server: TestServer) =>
  (await server.media.health()).reduce((sum, worker) => sum + worker.routers, 0);
const ports = (t: MediaTransportAnswer) => [
  ...new Set(t.iceCandidates.filter((c) => c.protocol === 'udp').map((c) => Number(c.port))),
];
const webRtcPorts = async (server: TestServer) =>
  new Set((await server.media.health()).map((w) => Number(w.webRtcServerPort)));
const onPorts = async (t: MediaTransportAnswer, server: TestServer) => {
  const own = await webRtcPorts(server);
  return ports(t).every((p) => own.has(p));
};

describe(`media: a hall's audience on another process receives from its own process (${testDialect()})`, function () {
  this.timeout(60_000);
  /** Pipe consumers (the home's end of a pipe, one per producer sent to a process), as the workers make them. */
  const pipes = new Map<string, ms.Consumer>();
  before(() => watchConsumers((c) => void (c.type === 'pipe' && pipes.set(c.id, c)))); // before the servers start
  const pair = serverPair();
  const calls = floorCalls(() => pair.a);
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const open: Client[] = [];
  before(async () => {
    teams = await twoTeams(pair.a);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.disconnect();
    await pause(200);
  });
  const pipeConsumers = () => [...pipes.values()].filter((c) => !c.closed).length;

  const floor = async () => {
    const id = (await calls.floor(teams.ownerA, { type: 2 })).id;
    return { id, rooms: (await calls.rooms(teams.ownerA, id)).json.data as RoomDto[] };
  };
  const on = async (server: TestServer, who: Actor, f: { id: number; rooms: RoomDto[] }, n = HALL) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    await join(client, f.id);
    await ok(call<FloorUserDto>(client, 'floor:joinRoom', { roomId: f.rooms.find((r) => r.number === n)!.id }));
    return client;
  };

  it("sends each producer once per process: viewers on B receive from B's router, the presenter's camera piped from A", async () => {
    const { a, b } = pair;
    const f = await floor();
    const before = { a: await routers(a), b: await routers(b) };
    const presenter = await on(a, teams.ownerA, f); // A: the floor's media home
    const presenterPeer = await mediaPeer(presenter);
    const camera = await ok(produce(presenter, presenterPeer.send.id, 'camera'));
    const viewers = [await on(b, teams.memberA, f), await on(b, teams.adminA, f)];
    const peers: MediaPeer[] = [];
    for (const v of viewers) peers.push(await mediaPeer(v));
    for (const p of peers) {
      expect(await onPorts(p.recv, b), "a viewer's receive transport is on B's port").to.equal(true);
      expect(await onPorts(p.send, a), 'its send transport stays on the home').to.equal(true);
    }
    expect(await routers(b), 'one hall router on B').to.equal(before.b + 1);
    expect(await routers(a), 'one room router on A').to.equal(before.a + 1);

    const pipedBefore = pipeConsumers();
    const twice = await Promise.all(
      [1, 2].map(() => ok(consume(viewers[0]!, camera.producerId, peers[0]!.join.rtpCapabilities))),
    );
    expect(twice[0]!.consumerId, 'asked twice at once: one consumer').to.equal(twice[1]!.consumerId);
    for (const [i, v] of viewers.entries()) {
      const seen = await ok(consume(v, camera.producerId, peers[i]!.join.rtpCapabilities));
      expect(seen).to.include({ producerId: camera.producerId, userId: teams.ownerA.user.id, source: 'camera' });
      await ok(call(v, 'media:resumeConsumer', { consumerId: seen.consumerId }));
      await ok(call(v, 'media:setPreferredLayers', { consumerId: seen.consumerId, spatialLayer: 0 }));
    }
    expect(pipeConsumers() - pipedBefore, 'one pipe for two viewers on B').to.equal(1);
    // the home's errors come back in the catalogue's words
    expect((await refused(consume(viewers[0]!, 'nope', peers[0]!.join.rtpCapabilities)))[0]).to.equal(
      'MEDIA_PRODUCER_NOT_FOUND',
    );

    // the presenter stops the camera at the home: both viewers on B are told by B
    const closed = viewers.map((v) => next(v, 'media:consumerClosed'));
    await ok(call(presenter, 'media:closeProducer', { producerId: camera.producerId }));
    for (const c of closed) expect((await c).producerId).to.equal(camera.producerId);
    expect(pipeConsumers() - pipedBefore).to.equal(0);

    // the viewers leave: B's hall router closes, and A's pipe end with it
    for (const v of viewers) v.disconnect();
    await pause(300);
    expect(await routers(b)).to.equal(before.b);
    expect(await routers(a)).to.equal(before.a + 1); // the presenter is still there
  });

  it('a viewer who steps out and comes straight back gets a fresh hall room on their process, piped again', async () => {
    const { a, b } = pair;
    const f = await floor();
    const presenter = await on(a, teams.ownerA, f);
    const presenterPeer = await mediaPeer(presenter);
    const mic = await ok(produce(presenter, presenterPeer.send.id, 'mic'));
    const viewer = await on(b, teams.memberA, f);
    const first = await mediaPeer(viewer);
    await ok(consume(viewer, mic.producerId, first.join.rtpCapabilities));
    // out to a meeting room and back at once: the hall room on B closes and a new one opens
    const hall = f.rooms.find((r) => r.number === HALL)!.id;
    await ok(call(viewer, 'floor:joinRoom', { roomId: f.rooms.find((r) => r.number === 9)!.id }));
    await ok(call(viewer, 'floor:joinRoom', { roomId: hall }));
    const again = await mediaPeer(viewer);
    expect(await onPorts(again.recv, b)).to.equal(true);
    const heard = await ok(consume(viewer, mic.producerId, again.join.rtpCapabilities));
    expect(heard).to.include({ producerId: mic.producerId, kind: 'audio' });
    await ok(call(viewer, 'media:resumeConsumer', { consumerId: heard.consumerId }));
  });

  it('keeps other rooms as they were: a member on B in a meeting room sends and receives at the home', async () => {
    const { a, b } = pair;
    const f = await floor();
    const host = await on(a, teams.ownerA, f, 9);
    await mediaPeer(host);
    const member = await on(b, teams.memberA, f, 9);
    const peer = await mediaPeer(member);
    expect(await onPorts(peer.recv, a)).to.equal(true);
    expect(await onPorts(peer.send, a)).to.equal(true);
    // one producer asked for twice at once (the join's list and its newProducer): one consumer
    const hostPeer = await mediaPeer(host);
    const mic = await ok(produce(host, hostPeer.send.id, 'mic'));
    const twice = await Promise.all([1, 2].map(() => ok(consume(member, mic.producerId, peer.join.rtpCapabilities))));
    expect(twice[0]!.consumerId).to.equal(twice[1]!.consumerId);
  });

  it("keeps another company's user out of the hall's media, on either process", async () => {
    const f = await floor();
    const presenter = await on(pair.a, teams.ownerA, f);
    await mediaPeer(presenter);
    for (const server of [pair.a, pair.b]) {
      const outsider = await socketOf(server.url, teams.ownerB);
      open.push(outsider);
      expect((await refused(call(outsider, 'floor:joinOffice', { floorId: f.id })))[0]).to.equal('FLOOR_NOT_FOUND');
      expect((await refused(call(outsider, 'media:join', {})))[0]).to.equal('FLOOR_NOT_JOINED');
      expect((await refused(call(outsider, 'media:createTransport', { direction: 'recv' })))[0]).to.equal(
        'MEDIA_NOT_JOINED',
      );
    }
  });
});
