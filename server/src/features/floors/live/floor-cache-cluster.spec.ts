import { expect } from 'chai';
import { mutationSchema, participantSchema, type FloorUserDto, type RoomDto } from '@tsudoi/common';
import { type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { call, join, next, ok, pause, refused, socketOf, type Client } from './live.testing';
import { serverPair } from '../../../testing/server-pair';

/** A change made through one server process reaches the caches of the other (Socket.IO serverSideEmit over Redis). */
describe(`live floor caches across two server processes sharing Redis (${testDialect()})`, function () {
  this.timeout(60_000);
  const pair = serverPair();
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => pair.a);
  const open: Client[] = [];
  const on = async (server: TestServer, who: Actor, floorId: number) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    await join(client, floorId);
    return client;
  };
  const move = (client: Client, roomId: number) => call<FloorUserDto>(client, 'floor:joinRoom', { roomId });

  before(async () => {
    teams = await twoTeams(pair.a);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });

  it('asks the password on one server for a room locked through the other', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const rooms = (await calls.rooms(teams.ownerA, floor.id)).json.data as RoomDto[];
    const [table, meeting] = [rooms.find((r) => r.number === 9)!, rooms.find((r) => r.number === 10)!];
    const member = await on(pair.b, teams.memberA, floor.id);
    await ok(move(member, meeting.id)); // b has the rooms cached
    await ok(move(member, table.id));
    const told = next(member, 'floor:roomChanged'); // sent after the invalidation, on the same Redis connection
    await calls.lock(teams.ownerA, meeting.id, true);
    await told;
    expect(await refused(move(member, meeting.id))).to.deep.include('PASSWORD_ERROR');
  });

  it('takes a subhost’s skip of passwords away on the other server when the permission is taken back', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const rooms = (await calls.rooms(teams.ownerA, floor.id)).json.data as RoomDto[];
    const locked = rooms.filter((r) => r.number === 10 || r.number === 11);
    const res = await calls.register(teams.ownerA, floor.id, [
      { email: 'member@a.example', permissions: { subhost: true } },
    ]);
    const [participant] = mutationSchema(participantSchema.array()).parse(res.json).data;
    for (const r of locked) await calls.lock(teams.ownerA, r.id, true);
    const member = await on(pair.b, teams.memberA, floor.id);
    await ok(move(member, locked[0]!.id)); // cached on b as a subhost
    expect((await calls.permit(teams.ownerA, participant!.id, { subhost: false })).status).to.equal(200);
    await pause(300); // the invalidation crosses Redis pub/sub
    expect(await refused(move(member, locked[1]!.id))).to.deep.include('PASSWORD_ERROR');
  });
});
