import { expect } from 'chai';
import { mutationSchema, participantSchema, type FloorUserDto, type RoomDto } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import { call, join, next, ok, refused, type Client } from './live.testing';
import { liveFloorWorld } from './live-world.testing';

/** The caches of the moves (the caller's session per socket, the rooms per floor) must follow every change. */
describe(`live floor: cached sessions and rooms follow changes (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = liveFloorWorld();
  const { calls, room, on } = world;
  const move = (client: Client, roomId: number, password?: string) =>
    call<FloorUserDto>(client, 'floor:joinRoom', password === undefined ? { roomId } : { roomId, password });

  it('refuses the next move of a user kicked out after their session was cached; a new join works', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    await ok(move(member, room(9).id));
    const told = next(member, 'floor:kickedOut');
    await ok(call(host, 'floor:kickOut', { userId: world.teams.memberA.user.id }));
    await told;
    expect(await refused(move(member, room(10).id))).to.deep.equal(['FLOOR_NOT_JOINED', 'Join the floor first.']);
    expect(await refused(call(member, 'floor:updateUser', { activeStatus: 'away' }))).to.deep.include(
      'FLOOR_NOT_JOINED',
    );
    await join(member, world.floorId); // a kick is not a ban: back at the entrance
    expect(await ok(move(member, room(10).id))).to.include({ roomId: room(10).id, seat: 1 });
  });

  it('asks for the password of a room locked after the rooms were cached, and not once it is unlocked', async () => {
    const member = await on(world.teams.memberA);
    await ok(move(member, room(8).id));
    await ok(move(member, room(9).id));
    const locked = (await calls.lock(world.teams.ownerA, room(8).id, true)).json.data as RoomDto;
    expect(await refused(move(member, room(8).id))).to.deep.include('PASSWORD_ERROR');
    expect(await ok(move(member, room(8).id, locked.password!))).to.include({ roomId: room(8).id });
    await ok(move(member, room(9).id));
    const again = (await calls.lock(world.teams.ownerA, room(8).id, true)).json.data as RoomDto; // a new password
    expect(await refused(move(member, room(8).id, locked.password!))).to.deep.include('PASSWORD_ERROR');
    await calls.lock(world.teams.ownerA, room(8).id, false);
    expect(await ok(move(member, room(8).id))).to.include({ roomId: room(8).id });
    expect(again.password).to.not.equal(locked.password);
  });

  it('follows a participant’s subhost permission given and taken back after their session was cached', async () => {
    const res = await calls.register(world.teams.ownerA, world.floorId, [{ email: 'member@a.example' }]);
    const [participant] = mutationSchema(participantSchema.array()).parse(res.json).data;
    await calls.lock(world.teams.ownerA, room(8).id, true);
    await calls.lock(world.teams.ownerA, room(9).id, true);
    const member = await on(world.teams.memberA);
    expect(await refused(move(member, room(8).id))).to.deep.include('PASSWORD_ERROR');
    expect((await calls.permit(world.teams.ownerA, participant!.id, { subhost: true })).status).to.equal(200);
    expect(await ok(move(member, room(8).id))).to.include({ roomId: room(8).id }); // subhosts skip it
    expect((await calls.permit(world.teams.ownerA, participant!.id, { subhost: false })).status).to.equal(200);
    expect(await refused(move(member, room(9).id))).to.deep.include('PASSWORD_ERROR');
  });

  it('refuses moves on a floor deleted after the session was cached', async () => {
    const member = await on(world.teams.memberA);
    await ok(move(member, room(9).id));
    expect((await calls.remove(world.teams.ownerA, world.floorId)).status).to.equal(200);
    // refused by the fresh check (FLOOR_NOT_FOUND) or, if the sweeper closed the floor first, by the channel
    const [code] = await refused(move(member, room(10).id));
    expect(['FLOOR_NOT_FOUND', 'FLOOR_NOT_JOINED']).to.include(code);
    const row = await world.server.models.FloorUser.findOne({
      where: { floorId: world.floorId, userId: world.teams.memberA.user.id },
    });
    expect(row?.roomId ?? null).to.not.equal(room(10).id);
  });
});
