import { expect } from 'chai';
import type { ActiveRecordingDto, FloorUserDto, MediaTransportAnswer, RoomDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { serverPair } from '../../testing/server-pair';
import { startChildServer } from '../../testing/child-server';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join, next, ok, pause, refused, socketOf, type Client } from '../floors/live/live.testing';
import { consume, mediaPeer, produce } from './media.testing';

/** Routers open on a server's media workers. */
const routers = async (server: TestServer) =>
  (await server.media.health()).reduce((sum, worker) => sum + worker.routers, 0);
/** The ports a transport's ICE candidates name. */
const ports = (t: MediaTransportAnswer) =>
  new Set(t.iceCandidates.filter((c) => c.protocol === 'udp').map((c) => Number(c.port)));
const webRtcPorts = async (server: TestServer) =>
  new Set((await server.media.health()).map((w) => Number(w.webRtcServerPort)));

function world() {
  const pair = serverPair();
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => pair.a);
  const open: Client[] = [];
  before(async () => {
    teams = await twoTeams(pair.a);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.disconnect();
    await pause(100);
  });
  /** A floor of team A with its rooms. */
  const floor = async () => {
    const id = (await calls.floor(teams.ownerA, { type: 2 })).id;
    return { id, rooms: (await calls.rooms(teams.ownerA, id)).json.data as RoomDto[] };
  };
  /** A socket of `who` on `server`, on the floor, in room number `n`. */
  const on = async (server: TestServer, who: Actor, f: { id: number; rooms: RoomDto[] }, n = 9) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    await join(client, f.id);
    const roomId = f.rooms.find((r) => r.number === n)!.id;
    await ok(call<FloorUserDto>(client, 'floor:joinRoom', { roomId }));
    return client;
  };
  return { pair, teams: () => teams, floor, on };
}

describe(`media: a floor's media lives on one process, its clients on any (${testDialect()})`, function () {
  this.timeout(60_000);
  const w = world();

  it("forwards a socket's media to the floor's home: transports on the home's port, producers and consumers across", async () => {
    const { a, b } = w.pair;
    const f = await w.floor();
    const before = { a: await routers(a), b: await routers(b) };
    // the first joiner's process (A) becomes the floor's media home
    const host = await w.on(a, w.teams().ownerA, f);
    const member = await w.on(b, w.teams().memberA, f);
    const hostPeer = await mediaPeer(host);
    const memberPeer = await mediaPeer(member);
    expect(await routers(a), 'one router on the home').to.equal(before.a + 1);
    expect(await routers(b), 'none on the other process').to.equal(before.b);
    const homePorts = await webRtcPorts(a);
    for (const t of [memberPeer.send, memberPeer.recv])
      expect(
        [...ports(t)].every((p) => homePorts.has(p)),
        "the member's transports are on the home's port",
      ).to.equal(true);

    // the member's camera (their socket on B) reaches the host (on A), and the host's microphone the member
    const offered = next(host, 'media:newProducer');
    const camera = await ok(produce(member, memberPeer.send.id, 'camera'));
    expect((await offered).producerId).to.equal(camera.producerId);
    const seen = await ok(consume(host, camera.producerId, hostPeer.join.rtpCapabilities));
    expect(seen.userId).to.equal(w.teams().memberA.user.id);
    const heardOffer = next(member, 'media:newProducer');
    const mic = await ok(produce(host, hostPeer.send.id, 'mic'));
    expect((await heardOffer).producerId).to.equal(mic.producerId);
    const heard = await ok(consume(member, mic.producerId, memberPeer.join.rtpCapabilities));
    expect(heard.kind).to.equal('audio');
    await ok(call(member, 'media:resumeConsumer', { consumerId: heard.consumerId }));
    // errors of the home come back in the catalogue's words
    const missing = await call(member, 'media:consume', {
      producerId: 'nope',
      rtpCapabilities: memberPeer.join.rtpCapabilities,
    });
    expect(missing.ok ? 'ok' : missing.error.code).to.equal('MEDIA_PRODUCER_NOT_FOUND');

    // a host's turn-off from A reaches the producer of the socket on B
    const turnedOff = next(member, 'media:producerClosed');
    expect(await ok(call(host, 'media:turnOffAll', { source: 'camera' }))).to.deep.equal({ closed: 1 });
    expect(await turnedOff).to.deep.include({ producerId: camera.producerId, reason: 'host' });

    // the member walks to another room (on B): their media at the home ends and they are told
    const moved = next(member, 'media:closed');
    const closedForHost = next(host, 'media:consumerClosed');
    const room10 = f.rooms.find((r) => r.number === 10)!.id;
    await ok(call(member, 'floor:joinRoom', { roomId: room10 }));
    expect(await moved).to.deep.equal({ roomId: f.rooms.find((r) => r.number === 9)!.id, reason: 'moved' });
    await ok(call(member, 'media:join', {})); // still on the home, in room 10
    expect(await routers(b)).to.equal(before.b);
    await pause(50);
    void closedForHost; // the host consumed nothing of the member's now; the camera was closed above
  });

  it('keeps another company out: a floor it cannot see gives no media, forwarded or not', async () => {
    const f = await w.floor();
    await w.on(w.pair.a, w.teams().ownerA, f);
    const outsider = await socketOf(w.pair.b.url, w.teams().ownerB);
    const answer = await call(outsider, 'media:join', {});
    expect(answer.ok ? 'ok' : answer.error.code).to.equal('FLOOR_NOT_JOINED');
    const joined = await call(outsider, 'floor:joinOffice', { floorId: f.id });
    expect(joined.ok ? 'ok' : joined.error.code).to.equal('FLOOR_NOT_FOUND');
    expect((await call(outsider, 'media:join', {})).ok).to.equal(false);
    outsider.disconnect();
  });

  it("ends the peer at the home when its socket on the other process disconnects (the home's room empties)", async () => {
    const { a, b } = w.pair;
    const f = await w.floor();
    const host = await w.on(a, w.teams().ownerA, f);
    const member = await w.on(b, w.teams().memberA, f);
    const hostPeer = await mediaPeer(host);
    const memberPeer = await mediaPeer(member);
    const camera = await ok(produce(member, memberPeer.send.id, 'camera'));
    await ok(consume(host, camera.producerId, hostPeer.join.rtpCapabilities));
    const gone = next(host, 'media:consumerClosed');
    member.disconnect();
    expect((await gone).producerId).to.equal(camera.producerId);
  });
});

describe(`recordings run on the floor's media home, started from any process (${testDialect()})`, function () {
  this.timeout(60_000);
  const w = world();

  it('records a room whose media is on the other process: start, list and stop from a socket on this one', async () => {
    const { a, b } = w.pair;
    await a.models.Company.update({ plan: 'business' }, { where: { id: w.teams().teamA.id } });
    const f = await w.floor();
    // a member on A joins the room's media first: A is the floor's media home; the host is on B
    const member = await w.on(a, w.teams().memberA, f);
    const memberPeer = await mediaPeer(member);
    await ok(produce(member, memberPeer.send.id, 'mic'));
    const host = await w.on(b, w.teams().ownerA, f);
    await mediaPeer(host);

    const seen = next(member, 'recording:changed', 10_000);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect(started).to.include({
      roomId: f.rooms.find((r) => r.number === 9)!.id,
      startedBy: w.teams().ownerA.user.id,
    });
    expect((await seen).recording).to.deep.include({ id: started.id });
    // it runs on A (the home): B lists it from its row, A from its own
    expect((await ok(call<ActiveRecordingDto[]>(host, 'recording:list', {}))).map((r) => r.id)).to.deep.equal([
      started.id,
    ]);
    expect((await ok(call<ActiveRecordingDto[]>(member, 'recording:list', {}))).map((r) => r.id)).to.deep.equal([
      started.id,
    ]);
    expect((await refused(call(host, 'recording:start', {})))[0]).to.equal('RECORDING_ALREADY_RUNNING');
    // only the starter stops it, through their own process
    expect((await refused(call(member, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_OWNER');
    expect(await ok(call(host, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    expect(await ok(call<ActiveRecordingDto[]>(host, 'recording:list', {}))).to.deep.equal([]);

    // another company's user on B cannot record or list this floor
    const outsider = await socketOf(b.url, w.teams().ownerB);
    expect((await refused(call(outsider, 'recording:start', {})))[0]).to.equal('FLOOR_NOT_JOINED');
    expect((await refused(call(outsider, 'recording:list', {})))[0]).to.equal('FLOOR_NOT_JOINED');
    outsider.disconnect();
  });
});

describe(`media: the floor's media home closes and its rooms move to a live process (${testDialect()})`, function () {
  this.timeout(60_000);
  const w = world();

  let c: TestServer | undefined;
  after(() => c?.close());

  it('tells the clients whose media was there to join again; they do, on the other process, and media flows again', async () => {
    const { b } = w.pair;
    // a third process of the deployment (the first one keeps the test database)
    c = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: w.pair.a.config.databaseUrl });
    const f = await w.floor();
    // a socket on C joins the floor's media first: C is its home
    const pilot = await w.on(c, w.teams().adminA, f, 10);
    await mediaPeer(pilot);
    const host = await w.on(b, w.teams().ownerA, f);
    const member = await w.on(b, w.teams().memberA, f);
    await mediaPeer(host);
    await mediaPeer(member);
    expect(await routers(b), 'B holds no router while C is home').to.equal(0);

    const started = Date.now();
    const told = (client: Client) => next(client, 'media:closed').then((e) => ({ ...e, ms: Date.now() - started }));
    const restarted = [told(host), told(member)];
    const notices = [0, 0];
    host.on('media:closed', () => notices[0]!++);
    member.on('media:closed', () => notices[1]!++);
    const closing = c.close();
    for (const t of restarted) expect((await t).reason).to.equal('restarted');
    const toldAfter = Math.max(...(await Promise.all(restarted)).map((t) => t.ms));
    await pause(700); // a client waits RESTART_DELAY_MS (500 ms) before it joins again

    // the clients join again: B is the home now
    const hostPeer = await mediaPeer(host);
    const memberPeer = await mediaPeer(member);
    const rehomed = Date.now() - started;
    await closing;
    await pause(1000); // past the alive word's watch: nobody is told twice (a second restart would churn the call)
    expect(notices, 'each client told once').to.deep.equal([1, 1]);
    expect(await routers(b)).to.equal(1);
    const offered = next(host, 'media:newProducer');
    const camera = await ok(produce(member, memberPeer.send.id, 'camera'));
    await offered;
    await ok(consume(host, camera.producerId, hostPeer.join.rtpCapabilities));
    process.stdout.write(
      `      told in ${toldAfter} ms, joined again in ${rehomed} ms after the home began to close (SIGTERM)\n`,
    );
    expect(rehomed, 're-homed within 5 s').to.be.below(5000);
  });

  it('notices a killed home within seconds; its clients join again elsewhere without a reload', async () => {
    const { b } = w.pair;
    // a home process that is killed (kill -9): the server's bundle as a child process on the same database
    const home = await startChildServer({
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: w.pair.a.config.databaseUrl,
      JWT_SECRET: w.pair.a.config.jwtSecret,
      API_KEY: w.pair.a.config.apiKey,
    });
    try {
      const f = await w.floor();
      // B owns the live floor (its first socket), the child process its media (the first to join it)
      const host = await w.on(b, w.teams().ownerA, f);
      const pilot = await w.on({ url: home.url } as TestServer, w.teams().adminA, f, 10);
      await mediaPeer(pilot);
      const member = await w.on(b, w.teams().memberA, f);
      await mediaPeer(host);
      await mediaPeer(member);
      const before = await routers(b);

      const started = Date.now();
      const told = (client: Client) =>
        next(client, 'media:closed', 10_000).then((e) => ({ ...e, ms: Date.now() - started }));
      const restarted = [told(host), told(member)];
      await home.crash();
      for (const t of restarted) expect((await t).reason).to.equal('restarted');
      const toldAfter = Math.max(...(await Promise.all(restarted)).map((t) => t.ms));
      const hostPeer = await mediaPeer(host);
      const memberPeer = await mediaPeer(member);
      const rehomed = Date.now() - started;
      expect(await routers(b)).to.equal(before + 1);
      const offered = next(host, 'media:newProducer');
      const camera = await ok(produce(member, memberPeer.send.id, 'camera'));
      await offered;
      await ok(consume(host, camera.producerId, hostPeer.join.rtpCapabilities));
      process.stdout.write(`      told in ${toldAfter} ms, joined again in ${rehomed} ms after the kill\n`);
      expect(rehomed, 're-homed within 5 s').to.be.below(5000);
    } finally {
      await home.close();
    }
  });
});
