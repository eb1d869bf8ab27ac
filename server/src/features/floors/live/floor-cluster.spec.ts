import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { requireService } from '../../../testing/services';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { call, join, next, ok, seen, socketOf, type Client } from './live.testing';

describe(`live floor across two server processes sharing Redis (${testDialect()})`, function () {
  this.timeout(60_000);
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => a!);
  const open: Client[] = [];
  const on = async (server: TestServer, who: Actor, floorId: number) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    return { client, data: await join(client, floorId) };
  };

  before(async function () {
    await requireService(this, 'Redis', '127.0.0.1', 6379);
    a = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:6379' });
    // the same database and Redis: two processes of one deployment
    b = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: a.config.databaseUrl });
    teams = await twoTeams(a);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows a move made on one server to a client of the other, and presence from both', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const onA = await on(a!, teams.ownerA, floor.id);
    const onB = await on(b!, teams.memberA, floor.id);
    expect(onB.data.users.map((u) => [u.userId, u.connected])).to.deep.equal([
      [teams.ownerA.user.id, true],
      [teams.memberA.user.id, true],
    ]);
    const table = onB.data.rooms.find((r) => r.number === 9)!;
    const moved = seen(onA.client, teams.memberA.user.id, (u) => u?.roomId === table.id && u.seat === 2);
    await ok(call(onB.client, 'floor:joinRoom', { roomId: table.id, seat: 2 }));
    await moved;

    const back = seen(onB.client, teams.ownerA.user.id, (u) => u?.activeStatus === 'meeting');
    await ok(call(onA.client, 'floor:updateUser', { activeStatus: 'meeting' }));
    await back;
  });

  it('kicks out from one server a user whose socket is on the other', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const host = await on(a!, teams.ownerA, floor.id);
    const member = await on(b!, teams.memberA, floor.id);
    const told = next(member.client, 'floor:kickedOut');
    await ok(call(host.client, 'floor:kickOut', { userId: teams.memberA.user.id }));
    expect((await told).reason).to.equal('kickedOut');
    const answer = await call(member.client, 'floor:updateUser', { activeStatus: 'away' });
    expect(answer.ok ? 'ok' : answer.error.code).to.equal('FLOOR_NOT_JOINED');
  });
});
