import { expect } from 'chai';
import { batchPlaces, type PresentationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { roomOfUser } from '../floors/live/engine/places';
import { call, ok, pause, type Client } from '../floors/live/live.testing';
import { mediaWorld, type TestFloor } from '../media/media.testing';

describe(`stage: the end takes everyone back (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const moveTo = (c: Client, n: number, floor?: TestFloor) =>
    call(c, 'floor:joinRoom', { roomId: world.room(n, floor).id });
  const placeOf = (userId: number, floorId = world.floorId) => roomOfUser(world.server.models, floorId, userId);
  const ids = () => ({
    host: world.teams.ownerA.user.id,
    member: world.teams.memberA.user.id,
    admin: world.teams.adminA.user.id,
  });
  /** What a socket hears from now on: each presentation:changed, and the rooms its own user is placed in. */
  const listen = (c: Client, userId: number) => {
    const heard = { changed: [] as (PresentationDto | null)[], rooms: [] as number[] };
    c.on('presentation:changed', (e) => heard.changed.push(e.presentation));
    c.on('floor:usersChanged', (batch) => {
      const mine = batch.users.find((u) => u.userId === userId) ?? batchPlaces(batch).find((u) => u.userId === userId);
      if (mine?.roomId != null) heard.rooms.push(mine.roomId);
    });
    return heard;
  };
  /** Gives team A's admin the speech permission on the current floor. */
  const speechForAdmin = async () => {
    const res = await world.calls.register(world.teams.ownerA, world.floorId, [
      { email: world.teams.adminA.user.email, permissions: { speech: true } },
    ]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
  };

  it('moves its speaker, audience and waiting person back to the rooms they came from, each told once; another floor is untouched', async () => {
    const host = await on(world.teams.ownerA, 9);
    const member = await on(world.teams.memberA, 10);
    const admin = await on(world.teams.adminA, 11);
    // team B presents on its own floor meanwhile
    const floorB = await world.newFloor(world.teams.ownerB);
    const ownerB = await on(world.teams.ownerB, 9, floorB);
    await ok(call(ownerB, 'presentation:start', {}));
    await ok(moveTo(ownerB, 7, floorB));

    // a private presentation: the host speaks, the member is admitted to the audience, the admin waits
    await ok(call(host, 'presentation:start', { isPrivateRoom: true }));
    await ok(moveTo(host, 7));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(call(host, 'presentation:admit', { userId: ids().member }));
    await ok(moveTo(member, 7));
    const waiting = await ok(call<PresentationDto>(admin, 'presentation:join', { role: 'A' }));
    expect(waiting.members.find((m) => m.userId === ids().admin)?.role).to.equal('W');
    expect(await placeOf(ids().admin)).to.equal(world.room(4).id); // waiting in the waiting room
    await pause(200);

    const heard = {
      host: listen(host, ids().host),
      member: listen(member, ids().member),
      admin: listen(admin, ids().admin),
      ownerB: listen(ownerB, world.teams.ownerB.user.id),
    };
    expect(await ok(call(host, 'presentation:stop', {}))).to.equal(null);
    // the moves are done when the end is answered
    expect(await placeOf(ids().host)).to.equal(world.room(9).id);
    expect(await placeOf(ids().member)).to.equal(world.room(10).id);
    expect(await placeOf(ids().admin)).to.equal(world.room(11).id);
    await pause(500);
    for (const [who, n] of [
      ['host', 9],
      ['member', 10],
      ['admin', 11],
    ] as const) {
      expect([who, heard[who].changed]).to.deep.equal([who, [null]]);
      expect([who, heard[who].rooms]).to.deep.equal([who, [world.room(n).id]]);
    }
    // the stage is closed again to those who were in it
    expect((await call(member, 'floor:joinRoom', { roomId: world.room(7).id })).ok).to.equal(false);

    // team B's presentation and its speaker are where they were, and told nothing
    expect(heard.ownerB).to.deep.equal({ changed: [], rooms: [] });
    expect(await placeOf(world.teams.ownerB.user.id, floorB.id)).to.equal(world.room(7, floorB).id);
    const theirs = await ok(call<{ presentation: PresentationDto | null }>(ownerB, 'presentation:get', {}));
    expect(theirs.presentation?.members.map((m) => m.userId)).to.deep.equal([world.teams.ownerB.user.id]);
  });

  it('a conference ends the same way; an unknown room of origin is the entrance; who closed the app is not moved', async () => {
    const host = await on(world.teams.ownerA, 9);
    const member = await on(world.teams.memberA, 10);
    const admin = await on(world.teams.adminA, 11);
    await speechForAdmin();
    await ok(call(host, 'conference:start', {}));
    await ok(moveTo(host, 7));
    await ok(call(member, 'conference:join', { role: 'A' }));
    await ok(moveTo(member, 7));
    await ok(call(admin, 'conference:join', { role: 'A' }));
    await ok(moveTo(admin, 7));
    await world.server.models.StageMember.update({ returnRoomId: null }, { where: { userId: ids().member } });
    // the admin closes the app: off the floor
    expect(await ok(call(admin, 'floor:leave', {}))).to.equal(null);

    expect(await ok(call(host, 'conference:stop', {}))).to.equal(null);
    expect(await placeOf(ids().host)).to.equal(world.room(9).id);
    expect(await placeOf(ids().member)).to.equal(world.room(1).id);
    expect(await placeOf(ids().admin)).to.equal(null);
  });

  it('leaves alone a member who never walked onto the stage, and someone in the waiting room who is not in it', async () => {
    const host = await on(world.teams.ownerA, 9);
    const member = await on(world.teams.memberA, 10);
    const admin = await on(world.teams.adminA, 4);
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    expect(await ok(call(host, 'presentation:stop', {}))).to.equal(null);
    // the host never went to the stage either: nobody moved
    expect(await placeOf(ids().host)).to.equal(world.room(9).id);
    expect(await placeOf(ids().member)).to.equal(world.room(10).id);
    expect(await placeOf(ids().admin)).to.equal(world.room(4).id);
    void admin;
  });
});
