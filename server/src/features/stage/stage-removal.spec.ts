import { expect } from 'chai';
import type { PresentationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { roomOfUser } from '../floors/live/engine/places';
import { call, next, ok, refused, type Client } from '../floors/live/live.testing';
import { consume, mediaPeer, mediaWorld, produce } from '../media/media.testing';

describe(`stage: the host removes a user (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const code = async (promise: Promise<unknown>) => (await refused(promise as never))[0];
  const moveTo = (c: Client, n: number) => call(c, 'floor:joinRoom', { roomId: world.room(n).id });
  const placeOf = (userId: number) => roomOfUser(world.server.models, world.floorId, userId);
  const ids = () => ({
    host: world.teams.ownerA.user.id,
    member: world.teams.memberA.user.id,
    admin: world.teams.adminA.user.id,
  });
  const members = async (c: Client) =>
    (await ok(call<{ presentation: PresentationDto }>(c, 'presentation:get', {}))).presentation.members.map(
      (m) => m.userId,
    );
  /** Gives team A's admin the speech permission on the current floor. */
  const speechForAdmin = async () => {
    const res = await world.calls.register(world.teams.ownerA, world.floorId, [
      { email: world.teams.adminA.user.email, permissions: { speech: true } },
    ]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
  };

  /** The host presents, the member is audience from room 9, the admin speaks from room 10; all on the stage. */
  const onStage = async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    const admin = await on(world.teams.adminA, 10);
    await speechForAdmin();
    await ok(call(host, 'presentation:start', {}));
    await ok(moveTo(host, 7));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(moveTo(member, 7));
    await ok(call(admin, 'presentation:join', { role: 'S' }));
    await ok(moveTo(admin, 7));
    return { host, member, admin };
  };

  it('moves the removed person off the stage to the room they came from and closes their stage media', async () => {
    const { host, member, admin } = await onStage();

    // on the stage: the speaker produces, the audience member consumes the speaker's camera
    const speaker = await mediaPeer(admin);
    const camera = await ok(produce(admin, speaker.send.id, 'camera'));
    const watcher = await mediaPeer(member);
    await ok(consume(member, camera.producerId, watcher.join.rtpCapabilities));

    // the audience member removed: told, moved back to room 9 by the server, their stage media closed
    const told = next(member, 'presentation:removed');
    const closed = next(member, 'media:closed');
    const after = await ok(call<PresentationDto>(host, 'presentation:remove', { userId: ids().member }));
    expect(after.members.map((m) => m.userId)).to.deep.equal([ids().host, ids().admin]);
    expect(await told).to.deep.equal({ floorId: world.floorId, presentationId: after.id, by: ids().host });
    expect(await closed).to.deep.equal({ roomId: world.room(7).id, reason: 'moved' });
    expect(await placeOf(ids().member)).to.equal(world.room(9).id);
    expect(await code(consume(member, camera.producerId, watcher.join.rtpCapabilities))).to.equal('MEDIA_NOT_JOINED');
    // and cannot walk back in
    expect(await code(moveTo(member, 7))).to.equal('STAGE_ROOM_CLOSED');

    // the speaker removed: their producer closes, they go back to room 10
    const silenced = next(admin, 'media:producerClosed');
    await ok(call(host, 'presentation:remove', { userId: ids().admin }));
    expect((await silenced).producerId).to.equal(camera.producerId);
    expect(await placeOf(ids().admin)).to.equal(world.room(10).id);
    expect(await members(host)).to.deep.equal([ids().host]);
    expect(await world.server.models.StageMember.count({ where: { userId: ids().admin } })).to.equal(0);
  });

  it('sends a speaker back to the audience: they stay on the stage, their camera stops, the audience may not do it', async () => {
    const { host, member, admin } = await onStage();
    const speaker = await mediaPeer(admin);
    const camera = await ok(produce(admin, speaker.send.id, 'camera'));

    // the audience cannot demote anyone; the host cannot be demoted
    expect(await code(call(member, 'presentation:demote', { userId: ids().admin }))).to.equal('PRESENTATION_NOT_HOST');
    expect(await code(call(host, 'presentation:demote', { userId: ids().host }))).to.equal('BAD_REQUEST');
    const silenced = next(admin, 'media:producerClosed');
    const after = await ok(call<PresentationDto>(host, 'presentation:demote', { userId: ids().admin }));
    expect(after.members.find((m) => m.userId === ids().admin)).to.include({ role: 'A' });
    expect((await silenced).producerId).to.equal(camera.producerId);
    expect(await placeOf(ids().admin)).to.equal(world.room(7).id); // still on the stage, as audience
    // audience on the stage produce nothing (the stage's gate), and a second demote changes nothing
    expect(await code(produce(admin, speaker.send.id, 'camera'))).to.equal('MEDIA_AUDIENCE_CANNOT_PRODUCE');
    expect(
      (await ok(call<PresentationDto>(host, 'presentation:demote', { userId: ids().admin }))).members,
    ).to.deep.equal(after.members);
  });

  it('sends someone whose room of origin is unknown to the entrance, and leaves alone someone not on the stage', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    const admin = await on(world.teams.adminA, 10);
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(moveTo(member, 7));
    await world.server.models.StageMember.update({ returnRoomId: null }, { where: { userId: ids().member } });
    await ok(call(host, 'presentation:remove', { userId: ids().member }));
    expect(await placeOf(ids().member)).to.equal(world.room(1).id);

    // joined but still in room 10 (not walked onto the stage yet): removed, not moved
    await ok(call(admin, 'presentation:join', { role: 'A' }));
    const told = next(admin, 'presentation:removed');
    await ok(call(host, 'presentation:remove', { userId: ids().admin }));
    await told;
    expect(await placeOf(ids().admin)).to.equal(world.room(10).id);
  });

  it('refuses the audience and another floor: nobody is removed or moved', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    const admin = await on(world.teams.adminA, 10);
    await ok(call(host, 'presentation:start', {}));
    await ok(moveTo(host, 7));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(moveTo(member, 7));
    await ok(call(admin, 'presentation:join', { role: 'A' }));
    await ok(moveTo(admin, 7));

    // an audience member cannot remove anyone, nor the host
    expect(await code(call(member, 'presentation:remove', { userId: ids().admin }))).to.equal('PRESENTATION_NOT_HOST');
    expect(await code(call(member, 'presentation:remove', { userId: ids().host }))).to.equal('PRESENTATION_NOT_HOST');
    // the host cannot remove themselves this way, nor someone not in it
    expect(await code(call(host, 'presentation:remove', { userId: ids().host }))).to.equal('BAD_REQUEST');
    const outsider = world.teams.ownerB.user.id;
    expect(await code(call(host, 'presentation:remove', { userId: outsider }))).to.equal('USER_NOT_ON_FLOOR');
    // bad input
    expect(await code(call(host, 'presentation:remove', { userId: 'x' }))).to.equal('VALIDATION_FAILED');

    // team B's owner, presenting on their own floor, cannot reach team A's audience
    const floorB = await world.newFloor(world.teams.ownerB);
    const ownerB = await on(world.teams.ownerB, 9, floorB);
    expect(await code(call(ownerB, 'presentation:remove', { userId: ids().member }))).to.equal(
      'PRESENTATION_NOT_RUNNING',
    );
    await ok(call(ownerB, 'presentation:start', {}));
    expect(await code(call(ownerB, 'presentation:remove', { userId: ids().member }))).to.equal('USER_NOT_ON_FLOOR');

    // nothing changed on team A's floor
    expect(await members(host)).to.deep.equal([ids().host, ids().member, ids().admin]);
    expect(await placeOf(ids().member)).to.equal(world.room(7).id);
    expect(await placeOf(ids().admin)).to.equal(world.room(7).id);
  });
});
