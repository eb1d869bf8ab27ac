import { expect } from 'chai';
import type { PresentationDto } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join, next, ok, pause, socketOf, type Client } from '../floors/live/live.testing';
import { HOST_GRACE_MS } from './host-watch';

/**
 * Issue 25 §11: a presentation whose host is gone — disconnected, off the
 * floor, or never back after a restart — passes to another host of the floor
 * who is there, or ends, after a short grace period; the audience is told
 * which. A host back within the grace period keeps it.
 */
describe(`stage: a presentation ends or passes on when its host is gone (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const on = async (who: Parameters<typeof socketOf>[1], floorId: number) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    await join(client, floorId);
    return client;
  };
  const sweep = () => server.stage.hostWatch.sweep();
  const running = (floorId: number) => server.models.StagePresentation.findOne({ where: { runningFloorId: floorId } });
  /** The host's socket goes (a network drop, a closed laptop) and the server sees it. */
  const drop = async (client: Client) => {
    const gone = new Promise((resolve) => client.once('disconnect', resolve));
    client.io.engine.close();
    await gone;
    await pause(200);
  };

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('ends when its host is gone for the grace period and no other host is there; the audience is told, in words', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const host = await on(teams.ownerA, floor.id);
    const member = await on(teams.memberA, floor.id);
    const started = await ok(call<PresentationDto>(host, 'presentation:start', { isPrivateRoom: false }));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await drop(host);
    await sweep(); // away from now on
    clock.advance(HOST_GRACE_MS - 1000);
    await sweep();
    expect(await running(floor.id)).to.not.equal(null); // still within the grace period
    const told = next(member, 'presentation:hostGone', 5000);
    const changed = next(member, 'presentation:changed', 5000);
    clock.advance(2000);
    await sweep();
    expect(await told).to.deep.include({ floorId: floor.id, presentationId: started.id, outcome: 'ended' });
    expect((await changed).presentation).to.equal(null);
    expect(await running(floor.id)).to.equal(null);
  });

  it('says a conference ended, not a presentation, when its host stays away', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const host = await on(teams.ownerA, floor.id);
    const member = await on(teams.memberA, floor.id);
    await ok(call<PresentationDto>(host, 'conference:start', {}));
    await drop(host);
    await sweep();
    const told = next(member, 'presentation:hostGone', 5000);
    clock.advance(HOST_GRACE_MS + 1000);
    await sweep();
    const news = await told;
    expect(news).to.deep.include({ outcome: 'ended' });
    expect(news.message).to.match(/conference|カンファレンス/);
    expect(news.message).to.not.match(/presentation|プレゼンテーション/);
  });

  it('passes to a host of the floor who is there; a host back within the grace period keeps it', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    await calls.register(teams.ownerA, floor.id, [{ email: teams.adminA.user.email, permissions: { speech: true } }]);
    const owner = await on(teams.ownerA, floor.id);
    let speaker = await on(teams.adminA, floor.id);
    const started = await ok(call<PresentationDto>(speaker, 'presentation:start', { isPrivateRoom: false }));
    // gone, then back before the grace period is over: nothing changes
    await drop(speaker);
    await sweep();
    clock.advance(HOST_GRACE_MS / 2);
    speaker = await on(teams.adminA, floor.id);
    await sweep();
    clock.advance(HOST_GRACE_MS);
    await sweep();
    expect((await running(floor.id))?.hostId).to.equal(teams.adminA.user.id);
    // gone for good: the floor's host, who is there, takes it over
    await drop(speaker);
    await sweep();
    const told = next(owner, 'presentation:hostGone', 5000);
    clock.advance(HOST_GRACE_MS + 1000);
    await sweep();
    const news = await told;
    expect(news).to.deep.include({ presentationId: started.id, outcome: 'handedOver' });
    expect(news.message).to.contain(teams.ownerA.user.name);
    expect((await running(floor.id))?.hostId).to.equal(teams.ownerA.user.id);
    // the new host may end it
    expect(await ok(call(owner, 'presentation:stop', {}))).to.equal(null);
  });

  it('a presentation left running by a server that went away ends once its grace period passes without its host', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const stage = await server.models.FloorRoom.findOne({ where: { floorId: floor.id, number: 7 } });
    // as the database holds it after a restart: running, its host connected nowhere
    await server.models.StagePresentation.create({
      floorId: floor.id,
      runningFloorId: floor.id,
      hostId: teams.ownerA.user.id,
      roomId: stage!.id,
      isPrivateRoom: false,
      saveChat: false,
      kind: 'P',
      startedAt: clock.now(),
    } as never);
    await sweep();
    clock.advance(HOST_GRACE_MS + 1000);
    await sweep();
    expect(await running(floor.id)).to.equal(null);
    // a new one starts at once
    const host = await on(teams.ownerA, floor.id);
    expect((await ok(call<PresentationDto>(host, 'presentation:start', {}))).host.id).to.equal(teams.ownerA.user.id);
    await ok(call(host, 'presentation:stop', {}));
  });
});
