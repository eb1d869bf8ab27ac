import { expect } from 'chai';
import { type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { call, join, next, ok, seen, socketOf, type Client } from './live.testing';
import { serverPair } from '../../../testing/server-pair';

describe(`live floor across two server processes sharing Redis (${testDialect()})`, function () {
  this.timeout(60_000);
  const pair = serverPair();
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => pair.a);
  const open: Client[] = [];
  const on = async (server: TestServer, who: Actor, floorId: number) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    return { client, data: await join(client, floorId) };
  };

  before(async () => {
    teams = await twoTeams(pair.a);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });

  it('shows a move made on one server to a client of the other, and presence from both', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const onA = await on(pair.a, teams.ownerA, floor.id);
    const onB = await on(pair.b, teams.memberA, floor.id);
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
    const host = await on(pair.a, teams.ownerA, floor.id);
    const member = await on(pair.b, teams.memberA, floor.id);
    const told = next(member.client, 'floor:kickedOut');
    await ok(call(host.client, 'floor:kickOut', { userId: teams.memberA.user.id }));
    expect((await told).reason).to.equal('kickedOut');
    const answer = await call(member.client, 'floor:updateUser', { activeStatus: 'away' });
    expect(answer.ok ? 'ok' : answer.error.code).to.equal('FLOOR_NOT_JOINED');
  });
});
