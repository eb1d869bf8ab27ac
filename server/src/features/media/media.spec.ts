import { expect } from 'chai';
import type { FloorUserDto, MediaJoinAnswer } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, pause, refused } from '../floors/live/live.testing';
import { ORIENTATION_EXTENSION } from './codecs';
import { consume, dtls, mediaPeer, mediaWorld, produce, videoParameters } from './media.testing';

describe(`media: routers per room, transports, producers and consumers (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on, room, connect, newFloor, threePeers } = world;
  const routers = async () => (await world.server.media.health()).reduce((n, w) => n + w.routers, 0);

  it('answers the room router capabilities without the orientation extension; one router per room, closed when empty', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const a = await mediaPeer(host);
    const b = await mediaPeer(member);
    expect(a.join.roomId).to.equal(room(9).id);
    const extensions = (a.join.rtpCapabilities.headerExtensions as { uri: string }[]).map((e) => e.uri);
    expect(extensions).to.not.include(ORIENTATION_EXTENSION);
    expect(extensions).to.include('urn:ietf:params:rtp-hdrext:sdes:mid');
    expect((a.join.rtpCapabilities.codecs as { mimeType: string }[]).map((c) => c.mimeType)).to.include.members([
      'audio/opus',
      'video/VP8',
    ]);
    expect(b.join.producers).to.deep.equal([]);
    expect(await routers()).to.equal(1);
    const admin = await on(world.teams.adminA, 10);
    await mediaPeer(admin);
    expect(await routers()).to.equal(2);
    admin.disconnect();
    await pause(200);
    expect(await routers()).to.equal(1);
    await ok(call(host, 'media:leave', {}));
    await ok(call(member, 'media:leave', {}));
    expect(await routers()).to.equal(0);
  });

  it('answers the routers capabilities before any floor, the same as a room join answers; no router is left', async () => {
    const early = await world.connect(world.teams.memberB);
    const { rtpCapabilities } = await ok(
      call<{ rtpCapabilities: Record<string, unknown> }>(early, 'media:capabilities', {}),
    );
    expect(await routers()).to.equal(0);
    const a = await mediaPeer(await on(world.teams.ownerA));
    expect(rtpCapabilities).to.deep.equal(a.join.rtpCapabilities);
    expect((await refused(call(early, 'media:capabilities', 'all' as never)))[0]).to.equal('VALIDATION_FAILED');
  });

  it('offers producers only to the same room; consumers start paused and resume on request; another room is refused', async () => {
    const { host, member, other, a, b, c } = await threePeers();
    const offeredToOther: unknown[] = [];
    other.on('media:newProducer', (p) => offeredToOther.push(p));
    const offered = next(member, 'media:newProducer');
    const mic = await ok(produce(host, a.send.id, 'mic'));
    expect(await offered).to.deep.include({
      producerId: mic.producerId,
      userId: world.teams.ownerA.user.id,
      kind: 'audio',
      source: 'mic',
      roomId: room(9).id,
    });
    const camera = await ok(produce(host, a.send.id, 'camera'));
    const consumer = await ok(consume(member, camera.producerId, b.join.rtpCapabilities));
    expect(consumer).to.include({ producerId: camera.producerId, kind: 'video', source: 'camera' });
    expect(consumer.userId).to.equal(world.teams.ownerA.user.id);
    await ok(call(member, 'media:resumeConsumer', { consumerId: consumer.consumerId }));
    await pause(150);
    expect(offeredToOther).to.deep.equal([]);
    // the other room cannot consume, resume or use anything of this room
    expect((await refused(consume(other, camera.producerId, c.join.rtpCapabilities)))[0]).to.equal(
      'MEDIA_PRODUCER_NOT_FOUND',
    );
    expect((await refused(call(other, 'media:resumeConsumer', { consumerId: consumer.consumerId })))[0]).to.equal(
      'MEDIA_CONSUMER_NOT_FOUND',
    );
    expect(
      (await refused(call(other, 'media:connectTransport', { transportId: b.recv.id, dtlsParameters: dtls })))[0],
    ).to.equal('MEDIA_TRANSPORT_NOT_FOUND');
    expect((await refused(call(other, 'media:closeProducer', { producerId: mic.producerId })))[0]).to.equal(
      'MEDIA_PRODUCER_NOT_FOUND',
    );
    // the consumer of the closed producer ends, on its owner's side told by the server
    const ended = next(member, 'media:consumerClosed');
    await ok(call(host, 'media:closeProducer', { producerId: camera.producerId }));
    expect(await ended).to.deep.equal({ consumerId: consumer.consumerId, producerId: camera.producerId });
    const again = await ok(call<MediaJoinAnswer>(member, 'media:join', {}));
    expect(again.producers.map((p) => p.producerId)).to.deep.equal([mic.producerId]);
  });

  it('refuses a socket not on the floor, another team, and the no-WebRTC room; bad input changes nothing', async () => {
    const stranger = await connect(world.teams.memberB);
    expect((await refused(call(stranger, 'media:join', {})))[0]).to.equal('FLOOR_NOT_JOINED');
    expect((await refused(call(stranger, 'floor:joinOffice', { floorId: world.floorId })))[0]).to.equal(
      'FLOOR_NOT_FOUND',
    );
    expect((await refused(call(stranger, 'media:join', {})))[0]).to.equal('FLOOR_NOT_JOINED');
    expect((await refused(call(stranger, 'media:createTransport', { direction: 'send' })))[0]).to.equal(
      'MEDIA_NOT_JOINED',
    );

    const away = await on(world.teams.memberA, 24);
    const [code, message] = await refused(call(away, 'media:join', {}));
    expect([code, message]).to.deep.equal(['MEDIA_NO_WEBRTC_ROOM', 'Cameras and microphones are off in this room.']);
    expect((await refused(call(away, 'media:createTransport', { direction: 'recv' })))[0]).to.equal('MEDIA_NOT_JOINED');

    const host = await on(world.teams.ownerA);
    const a = await mediaPeer(host);
    expect((await refused(call(host, 'media:createTransport', { direction: 'both' })))[0]).to.equal(
      'VALIDATION_FAILED',
    );
    expect((await refused(produce(host, a.recv.id, 'mic')))[0]).to.equal('MEDIA_TRANSPORT_NOT_FOUND');
    const wrongKind = call(host, 'media:produce', {
      transportId: a.send.id,
      kind: 'audio',
      rtpParameters: videoParameters(),
      appData: { source: 'camera' },
    });
    expect((await refused(wrongKind))[0]).to.equal('BAD_REQUEST');
    const badParameters = call(host, 'media:produce', {
      transportId: a.send.id,
      kind: 'video',
      rtpParameters: { codecs: [{ mimeType: 'video/NOPE', payloadType: 96, clockRate: 90000 }], encodings: [{}] },
      appData: { source: 'camera' },
    });
    expect((await refused(badParameters))[0]).to.be.oneOf(['BAD_REQUEST', 'VALIDATION_FAILED']);
    const camera = await ok(produce(host, a.send.id, 'camera'));
    expect((await refused(produce(host, a.send.id, 'camera')))[0]).to.equal('MEDIA_ALREADY_PRODUCING');
    // a member of the same team on another floor of the team, same room number: nothing of this floor
    const elsewhere = await on(world.teams.adminA, 9, await newFloor(world.teams.ownerA));
    const there = await mediaPeer(elsewhere);
    expect(there.join.producers).to.deep.equal([]);
    expect((await refused(consume(elsewhere, camera.producerId, there.join.rtpCapabilities)))[0]).to.equal(
      'MEDIA_PRODUCER_NOT_FOUND',
    );
    elsewhere.disconnect();
    const fresh = await ok(call<MediaJoinAnswer>(await on(world.teams.adminA), 'media:join', {}));
    expect(fresh.producers.map((p) => p.source)).to.deep.equal(['camera']);
  });

  it('allows one screen sharer per room; the next may share once the first stops', async () => {
    const { host, member, other, a, b, c } = await threePeers();
    const screen = await ok(produce(host, a.send.id, 'screen'));
    // the refusal names who shares (the host's name is "owner"), in the refused person's language
    expect(await refused(produce(member, b.send.id, 'screen'))).to.deep.equal([
      'SCREEN_ALREADY_SHARED',
      'owner is sharing their screen. Only one person can share at a time.',
    ]);
    await ok(produce(other, c.send.id, 'screen')); // another room has its own sharer
    await ok(call(host, 'media:closeProducer', { producerId: screen.producerId }));
    await ok(produce(member, b.send.id, 'screen'));
  });

  it('a room move ends the media of the old room and offers the new room', async () => {
    const { host, member, other, a, b, c } = await threePeers();
    const hostMic = await ok(produce(host, a.send.id, 'mic'));
    const memberMic = await ok(produce(member, b.send.id, 'mic'));
    const otherCam = await ok(produce(other, c.send.id, 'camera'));
    const consumer = await ok(consume(host, memberMic.producerId, a.join.rtpCapabilities));
    const closed = next(member, 'media:closed');
    const hostLost = next(host, 'media:consumerClosed');
    await ok(call<FloorUserDto>(member, 'floor:joinRoom', { roomId: room(10).id }));
    expect(await closed).to.deep.equal({ roomId: room(9).id, reason: 'moved' });
    expect(await hostLost).to.deep.equal({ consumerId: consumer.consumerId, producerId: memberMic.producerId });
    expect((await refused(produce(member, b.send.id, 'camera')))[0]).to.equal('MEDIA_NOT_JOINED');
    const moved = await ok(call<MediaJoinAnswer>(member, 'media:join', {}));
    expect(moved.roomId).to.equal(room(10).id);
    expect(moved.producers.map((p) => p.producerId)).to.deep.equal([otherCam.producerId]);
    expect((await refused(consume(member, hostMic.producerId, moved.rtpCapabilities)))[0]).to.equal(
      'MEDIA_PRODUCER_NOT_FOUND',
    );
    // moving into the no-WebRTC room and leaving the floor end it as well
    const toAway = next(other, 'media:closed');
    await ok(call<FloorUserDto>(other, 'floor:joinRoom', { roomId: room(24).id }));
    expect(await toAway).to.deep.equal({ roomId: room(10).id, reason: 'moved' });
    const left = next(host, 'media:closed');
    await ok(call(host, 'floor:leave', {}));
    expect(await left).to.deep.equal({ roomId: room(9).id, reason: 'left' });
  });
});
