import { expect } from 'chai';
import type { MediaJoinAnswer } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, pause, refused, type Client } from '../floors/live/live.testing';
import { consume, mediaPeer, mediaWorld, produce } from './media.testing';

describe(`media host controls: turn off all cameras, mics or shares (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on, room, connect, newFloor, threePeers } = world;
  /** Every event of a kind a socket receives from now on. */
  const events = (client: Client, event: 'media:producerClosed' | 'media:consumerClosed') => {
    const seen: unknown[] = [];
    (client as unknown as { on(e: string, l: (p: unknown) => void): void }).on(event, (p) => seen.push(p));
    return seen;
  };

  it("closes every camera on the floor but the host's own; each owner is told why and may turn it on again", async () => {
    const { host, member, other, a, b, c } = await threePeers();
    const hostCamera = await ok(produce(host, a.send.id, 'camera'));
    const memberCamera = await ok(produce(member, b.send.id, 'camera'));
    const memberMic = await ok(produce(member, b.send.id, 'mic'));
    const otherCamera = await ok(produce(other, c.send.id, 'camera'));
    const seenByHost = await ok(consume(host, memberCamera.producerId, a.join.rtpCapabilities));
    const hostGot = events(host, 'media:producerClosed');

    const memberTold = next(member, 'media:producerClosed');
    const otherTold = next(other, 'media:producerClosed');
    const hostLost = next(host, 'media:consumerClosed');
    expect(await ok(call(host, 'media:turnOffAll', { source: 'camera' }))).to.deep.equal({ closed: 2 });
    expect(await memberTold).to.deep.equal({ producerId: memberCamera.producerId, source: 'camera', reason: 'host' });
    expect(await otherTold).to.deep.equal({ producerId: otherCamera.producerId, source: 'camera', reason: 'host' });
    expect(await hostLost).to.deep.equal({ consumerId: seenByHost.consumerId, producerId: memberCamera.producerId });
    expect(hostGot).to.deep.equal([]);

    // what is left in room 9: the host's camera and the member's microphone
    const observer = await on(world.teams.adminA);
    const seen = await ok(call<MediaJoinAnswer>(observer, 'media:join', {}));
    expect(seen.producers.map((p) => p.producerId).sort()).to.deep.equal(
      [hostCamera.producerId, memberMic.producerId].sort(),
    );
    // the closed camera is gone on the server: its owner may start it again
    await ok(produce(member, b.send.id, 'camera'));
  });

  it('narrows to one room of the floor, and closes mics and screen shares the same way', async () => {
    const host = await on(world.teams.ownerA, 10);
    const member = await on(world.teams.memberA);
    const other = await on(world.teams.adminA, 10);
    const b = await mediaPeer(member);
    const c = await mediaPeer(other);
    const memberMic = await ok(produce(member, b.send.id, 'mic'));
    await ok(produce(other, c.send.id, 'mic'));
    const memberScreen = await ok(produce(member, b.send.id, 'screen'));
    const otherGot = events(other, 'media:producerClosed');

    const told = next(member, 'media:producerClosed');
    expect(await ok(call(host, 'media:turnOffAll', { source: 'mic', roomId: room(9).id }))).to.deep.equal({
      closed: 1,
    });
    expect(await told).to.deep.equal({ producerId: memberMic.producerId, source: 'mic', reason: 'host' });
    await pause(200);
    expect(otherGot).to.deep.equal([]);
    expect((await refused(produce(other, c.send.id, 'mic')))[0]).to.equal('MEDIA_ALREADY_PRODUCING');

    const shareEnded = next(member, 'media:producerClosed');
    expect(await ok(call(host, 'media:turnOffAll', { source: 'screen' }))).to.deep.equal({ closed: 1 });
    expect(await shareEnded).to.deep.equal({ producerId: memberScreen.producerId, source: 'screen', reason: 'host' });
    // the room's screen is free again
    await ok(produce(member, b.send.id, 'screen'));
    // nothing on: nothing to close
    expect(await ok(call(host, 'media:turnOffAll', { source: 'camera' }))).to.deep.equal({ closed: 0 });
  });

  it('lets a subhost do it; a member is FORBIDDEN and nothing closes', async () => {
    const registered = await world.calls.register(world.teams.ownerA, world.floorId, [
      { email: world.teams.adminA.user.email, permissions: { subhost: true } },
    ]);
    expect(registered.status, registered.text).to.be.oneOf([200, 201]);
    const subhost = await on(world.teams.adminA, 10);
    const member = await on(world.teams.memberA);
    const host = await on(world.teams.ownerA);
    const a = await mediaPeer(host);
    const b = await mediaPeer(member);
    await ok(produce(host, a.send.id, 'camera'));
    await ok(produce(member, b.send.id, 'camera'));
    const hostGot = events(host, 'media:producerClosed');
    const memberGot = events(member, 'media:producerClosed');

    const [code, message] = await refused(call(member, 'media:turnOffAll', { source: 'camera' }));
    expect([code, message]).to.deep.equal(['FORBIDDEN', 'You do not have permission to do this.']);
    await pause(200);
    expect(hostGot).to.deep.equal([]);
    expect((await refused(produce(host, a.send.id, 'camera')))[0]).to.equal('MEDIA_ALREADY_PRODUCING');

    // the subhost turns off the host's camera too (only the caller's own stay on)
    const told = next(host, 'media:producerClosed');
    expect(await ok(call(subhost, 'media:turnOffAll', { source: 'camera' }))).to.deep.equal({ closed: 2 });
    expect((await told).reason).to.equal('host');
    expect(memberGot).to.have.length(1);
  });

  it('refuses the host of another floor or team, a socket off the floor, and bad payloads; nothing closes', async () => {
    const member = await on(world.teams.memberA);
    const b = await mediaPeer(member);
    await ok(produce(member, b.send.id, 'camera'));
    const memberGot = events(member, 'media:producerClosed');

    // team B's owner hosting their own floor: room 9 of floor A is not on it
    const hostB = await on(world.teams.ownerB, 9, await newFloor(world.teams.ownerB));
    expect(await ok(call(hostB, 'media:turnOffAll', { source: 'camera' }))).to.deep.equal({ closed: 0 });
    expect((await refused(call(hostB, 'media:turnOffAll', { source: 'camera', roomId: room(9).id })))[0]).to.equal(
      'ROOM_NOT_FOUND',
    );
    // team A's owner on another floor of the team: floor A's cameras are out of reach
    const hostA2 = await on(world.teams.ownerA, 9, await newFloor(world.teams.ownerA));
    expect(await ok(call(hostA2, 'media:turnOffAll', { source: 'camera' }))).to.deep.equal({ closed: 0 });
    expect((await refused(call(hostA2, 'media:turnOffAll', { source: 'camera', roomId: room(9).id })))[0]).to.equal(
      'ROOM_NOT_FOUND',
    );
    // not on any floor
    const stranger = await connect(world.teams.ownerA);
    expect((await refused(call(stranger, 'media:turnOffAll', { source: 'camera' })))[0]).to.equal('FLOOR_NOT_JOINED');
    // bad payloads (on the right floor)
    const host = await on(world.teams.ownerA);
    for (const bad of [
      {},
      { source: 'speaker' },
      { source: 'camera', roomId: 'all' },
      { source: 'camera', roomId: -1 },
    ])
      expect((await refused(call(host, 'media:turnOffAll', bad)))[0]).to.equal('VALIDATION_FAILED');
    await pause(200);
    expect(memberGot).to.deep.equal([]);
    expect((await refused(produce(member, b.send.id, 'camera')))[0]).to.equal('MEDIA_ALREADY_PRODUCING');
  });
});
