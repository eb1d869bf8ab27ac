import { expect } from 'chai';
import type { FloorUserDto, MediaJoinAnswer, RoomDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join, next, ok, socketOf, type Client } from '../floors/live/live.testing';
import { mediaPeer, produce } from './media.testing';

describe(`media: a killed worker (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];

  before(async () => {
    server = await startTestServer({ MEDIASOUP_NUM_WORKERS: '2' });
    teams = await twoTeams(server);
  });
  after(async () => {
    for (const c of open.splice(0)) c.disconnect();
    await server?.close();
  });

  it('tells the room to join again, and the room gets a router on a live worker', async () => {
    const floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    const rooms = (await calls.rooms(teams.ownerA, floorId)).json.data as RoomDto[];
    const table = rooms.find((r) => r.number === 9)!;
    const on = async (who: Actor) => {
      const client = await socketOf(server.url, who);
      open.push(client);
      await join(client, floorId);
      await ok(call<FloorUserDto>(client, 'floor:joinRoom', { roomId: table.id }));
      return client;
    };
    const host = await on(teams.ownerA);
    const member = await on(teams.memberA);
    const a = await mediaPeer(host);
    await mediaPeer(member);
    await ok(produce(host, a.send.id, 'camera'));
    const routed = (await server.media.health()).find((w) => w.routers === 1)!;
    expect(routed.alive).to.equal(true);

    const told = [next(host, 'media:closed', 5000), next(member, 'media:closed', 5000)];
    process.kill(routed.pid, 'SIGKILL');
    expect(await Promise.all(told)).to.deep.equal([
      { roomId: table.id, reason: 'restarted' },
      { roomId: table.id, reason: 'restarted' },
    ]);
    expect((await refused(host))[0]).to.equal('MEDIA_NOT_JOINED');

    // joining again places the room on a live worker; the media flows as before
    const again = await mediaPeer(host);
    expect(again.join.roomId).to.equal(table.id);
    const offered = next(member, 'media:newProducer');
    const rejoined = await ok(call<MediaJoinAnswer>(member, 'media:join', {}));
    expect(rejoined.producers).to.deep.equal([]);
    await ok(produce(host, again.send.id, 'camera'));
    expect((await offered).source).to.equal('camera');
    const health = await server.media.health();
    expect(health.filter((w) => w.routers === 1 && w.alive)).to.have.length(1);
    expect(health.find((w) => w.pid === routed.pid)).to.equal(undefined);

    // and the killed worker is replaced
    for (let i = 0; i < 50 && (await server.media.health()).some((w) => !w.alive); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server.media.health()).every((w) => w.alive)).to.equal(true);
  });
});

const refused = async (client: Client) => {
  const a = await call(client, 'media:createTransport', { direction: 'send' });
  if (a.ok) throw new Error('expected a refusal');
  return [a.error.code, a.error.message];
};
