import { expect } from 'chai';
import type { FloorUserDto, RoomDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { floorCalls, twoTeams } from '../fixtures';
import { batches, call, join, next, ok, pause, refused, seen, socketOf, type Client } from './live.testing';

describe(`live floor: hidden windows get no presence, and the whole floor when shown (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];

  before(async () => {
    server = await startTestServer();
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('sends a hidden window nothing, then everyone at once (full) and the batches again', async () => {
    const floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    const rooms = (await calls.rooms(teams.ownerA, floorId)).json.data as RoomDto[];
    const room = (n: number) => rooms.find((r) => r.number === n)!.id;
    const host = await socketOf(server.url, teams.ownerA);
    const member = await socketOf(server.url, teams.memberA);
    open.push(host, member);
    await join(host, floorId);
    await join(member, floorId);
    await pause(100); // the join batches are out

    const heard = batches(host);
    await ok(call(host, 'floor:setView', { floorId, visible: false }));
    await ok(call<FloorUserDto>(member, 'floor:joinRoom', { roomId: room(9) }));
    await ok(call<FloorUserDto>(member, 'floor:joinRoom', { roomId: room(10) }));
    await pause(200);
    expect(heard).to.deep.equal([]);

    const whole = next(host, 'floor:usersChanged');
    await ok(call(host, 'floor:setView', { floorId, visible: true }));
    const full = await whole;
    expect(full.full).to.equal(true);
    expect(full.users.map((u) => [u.userId, u.roomId, u.connected])).to.deep.equal([
      [teams.ownerA.user.id, room(1), true],
      [teams.memberA.user.id, room(10), true],
    ]);
    const moved = seen(host, teams.memberA.user.id, (u) => u?.roomId === room(11));
    await ok(call<FloorUserDto>(member, 'floor:joinRoom', { roomId: room(11) }));
    await moved;
  });

  it('refuses setView for a floor the socket is not on (FLOOR_NOT_JOINED)', async () => {
    const floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    const other = (await calls.floor(teams.ownerB, { type: 2 })).id;
    const member = await socketOf(server.url, teams.memberA);
    open.push(member);
    expect(await refused(call(member, 'floor:setView', { floorId, visible: false }))).to.include('FLOOR_NOT_JOINED');
    await join(member, floorId);
    expect(await refused(call(member, 'floor:setView', { floorId: other, visible: true }))).to.include(
      'FLOOR_NOT_JOINED',
    );
  });
});
