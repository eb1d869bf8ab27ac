import { expect } from 'chai';
import type { Ack, FloorUserDto } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import type { Actor } from '../../companies/fixtures';
import { call, ok, pause, refused, type Client } from './live.testing';
import { liveFloorWorld } from './live-world.testing';

const outcome = (a: Ack<unknown>) => (a.ok ? 'ok' : a.error.code);

describe(`live floor moves: in memory, in order, rate limit (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = liveFloorWorld();
  const { calls, room, on } = world;
  const move = (client: Client, roomId: number, seat?: number) =>
    call<FloorUserDto>(client, 'floor:joinRoom', seat === undefined ? { roomId } : { roomId, seat });
  /** The stored place (after the write-behind wrote what the engine holds). */
  const place = async (who: Actor) => {
    await world.server.features.live.flush();
    const row = await world.server.models.FloorUser.findOne({ where: { floorId: world.floorId, userId: who.user.id } });
    return row && [row.roomId, row.seat, row.activeStatus];
  };

  it('takes the first free seat, a given seat, or answers ROOM_FULL and SEAT_TAKEN changing nothing', async () => {
    const host = await on(world.teams.ownerA);
    const admin = await on(world.teams.adminA);
    const member = await on(world.teams.memberA);
    await ok(call(host, 'floor:updateUser', { activeStatus: 'busy' }));
    expect(await ok(move(host, room(9).id, 2))).to.include({ roomId: room(9).id, seat: 2, activeStatus: 'busy' });
    expect(await ok(move(admin, room(9).id))).to.include({ roomId: room(9).id, seat: 1 });
    expect(await ok(move(member, room(9).id))).to.include({ roomId: room(9).id, seat: 3 });
    expect(await ok(move(member, room(9).id))).to.include({ seat: 3 }); // already there: nothing to do
    expect(await refused(move(member, room(9).id, 2))).to.deep.equal(['SEAT_TAKEN', 'This seat is taken.']);
    expect(await place(world.teams.memberA)).to.deep.equal([room(9).id, 3, 'available']);

    // the rooms are cached now: an edit must reach the next move
    expect((await calls.editRoom(world.teams.ownerA, room(13).id, { seat: 1 })).status).to.equal(200);
    await ok(move(host, room(13).id));
    expect(await refused(move(member, room(13).id))).to.deep.equal(['ROOM_FULL', 'This room has no free seat.']);
    expect(await refused(move(member, room(13).id, 2))).to.deep.include('BAD_REQUEST');
    expect(await refused(move(member, 999_999))).to.deep.include('ROOM_NOT_FOUND');
    expect(await place(world.teams.memberA)).to.deep.equal([room(9).id, 3, 'available']);
  });

  it('refuses a move of someone whose place went behind the cached session (FLOOR_NOT_JOINED)', async () => {
    const member = await on(world.teams.memberA);
    await ok(move(member, room(9).id)); // the session is now cached
    // the place goes where it is kept (the floor engine, in memory), the socket stays in the floor's channel
    await world.server.features.live.engine.apply(world.floorId, {
      type: 'remove',
      userId: world.teams.memberA.user.id,
    });
    expect(await refused(move(member, room(10).id))).to.deep.include('FLOOR_NOT_JOINED');
    expect(await refused(call(member, 'floor:updateUser', { activeStatus: 'away' }))).to.deep.include(
      'FLOOR_NOT_JOINED',
    );
    expect(await place(world.teams.memberA)).to.equal(null);
  });

  it('answers every move of a burst in order, none superseded; the newest wins, in memory and stored', async () => {
    const member = await on(world.teams.memberA, 'ja');
    const targets = [9, 10, 11, 12, 13, 14].map((n) => room(n).id);
    const answers = await Promise.all(targets.map((id) => move(member, id)));
    expect(answers.map(outcome)).to.deep.equal(targets.map(() => 'ok'));
    expect(answers.map((a) => (a.ok ? (a.data as FloorUserDto).roomId : 0))).to.deep.equal(targets);
    expect(await place(world.teams.memberA)).to.deep.include(targets.at(-1));
  });

  it('refuses moves beyond 20 at once, then lets 10 a second through (MOVE_RATE_LIMIT)', async () => {
    const member = await on(world.teams.memberA);
    const statuses = ['busy', 'away'] as const;
    const sent = Array.from({ length: 25 }, (_, i) =>
      call<FloorUserDto>(member, 'floor:updateUser', { activeStatus: statuses[i % 2] }),
    );
    const extra = move(member, room(9).id); // in the same burst
    const codes = (await Promise.all(sent)).map(outcome);
    const limited = codes.filter((c) => c === 'MOVE_RATE_LIMIT').length;
    expect(limited).to.be.within(4, 5); // 25 − 20, give or take one token refilled meanwhile
    expect(codes.slice(0, 20).every((c) => c !== 'MOVE_RATE_LIMIT')).to.equal(true);
    const [code, message] = await refused(extra);
    expect([code, message]).to.deep.equal(['MOVE_RATE_LIMIT', 'Too many moves. Please wait a moment and try again.']);
    expect((await place(world.teams.memberA))![0]).to.equal(room(1).id); // still at the entrance
    await pause(300);
    expect(await ok(move(member, room(9).id))).to.include({ roomId: room(9).id });
  });
});
