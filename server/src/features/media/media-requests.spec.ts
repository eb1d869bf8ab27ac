import { expect } from 'chai';
import type { FloorUserDto, MediaRequestDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, pause, refused, type Client } from '../floors/live/live.testing';
import { MEDIA_REQUESTS_PER_MINUTE } from './media-requests';
import { mediaWorld } from './media.testing';

type Lists = { sent: MediaRequestDto[]; received: MediaRequestDto[] };

describe(`media requests: ask, receive, allow, deny, cancel (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on, room, connect, newFloor } = world;
  const ask = (client: Client, receiverId: number, deviceType: string) =>
    call<MediaRequestDto>(client, 'media:request', { receiverId, deviceType });
  const lists = (client: Client) => ok(call<Lists>(client, 'media:listRequests', {}));
  const received = (client: Client) => {
    const seen: unknown[] = [];
    client.on('media:requestReceived', (r) => seen.push(r));
    return seen;
  };

  it('a request reaches the receiver; allow ends it on both sides; one pending per requester, receiver and device', async () => {
    const host = await on(world.teams.ownerA, 10);
    const member = await on(world.teams.memberA);
    const memberId = world.teams.memberA.user.id;
    const arrived = next(member, 'media:requestReceived');
    const request = await ok(ask(host, memberId, 'mic'));
    expect(request).to.include({
      floorId: world.floorId,
      requesterId: world.teams.ownerA.user.id,
      receiverId: memberId,
      deviceType: 'mic',
    });
    expect(await arrived).to.deep.equal(request);
    expect((await refused(ask(host, memberId, 'mic')))[0]).to.equal('MEDIA_REQUEST_PENDING');
    const camera = await ok(ask(host, memberId, 'camera')); // another device is another request
    expect(await lists(member)).to.deep.equal({ sent: [], received: [request, camera] });
    expect(await lists(host)).to.deep.equal({ sent: [request, camera], received: [] });

    // only the receiver answers
    expect((await refused(call(host, 'media:answerRequest', { id: request.id, allow: true })))[0]).to.equal(
      'MEDIA_REQUEST_NOT_FOUND',
    );
    const hostTold = next(host, 'media:requestEnded');
    const memberTold = next(member, 'media:requestEnded');
    await ok(call(member, 'media:answerRequest', { id: request.id, allow: true }));
    const ended = { id: request.id, outcome: 'allowed', requesterId: request.requesterId, receiverId: memberId };
    expect(await hostTold).to.deep.equal({ ...ended, deviceType: 'mic' });
    expect(await memberTold).to.deep.equal({ ...ended, deviceType: 'mic' });
    expect((await refused(call(member, 'media:answerRequest', { id: request.id, allow: false })))[0]).to.equal(
      'MEDIA_REQUEST_NOT_FOUND',
    );
    // once answered, the same device may be asked for again
    await ok(ask(host, memberId, 'mic'));
  });

  it('deny and cancel end the request with their outcome; only the requester cancels', async () => {
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA);
    const first = await ok(ask(member, world.teams.adminA.user.id, 'camera'));
    const denied = next(member, 'media:requestEnded');
    await ok(call(admin, 'media:answerRequest', { id: first.id, allow: false }));
    expect(await denied).to.include({ id: first.id, outcome: 'denied', deviceType: 'camera' });

    const second = await ok(ask(member, world.teams.adminA.user.id, 'screen'));
    expect((await refused(call(admin, 'media:cancelRequest', { id: second.id })))[0]).to.equal(
      'MEDIA_REQUEST_NOT_FOUND',
    );
    const cancelled = next(admin, 'media:requestEnded');
    await ok(call(member, 'media:cancelRequest', { id: second.id }));
    expect(await cancelled).to.include({ id: second.id, outcome: 'cancelled', deviceType: 'screen' });
    expect((await refused(call(member, 'media:cancelRequest', { id: second.id })))[0]).to.equal(
      'MEDIA_REQUEST_NOT_FOUND',
    );
    expect(await lists(admin)).to.deep.equal({ sent: [], received: [] });
  });

  it('a member asks only someone in their own room; a host asks anyone on the floor; not on the floor is not found', async () => {
    const host = await on(world.teams.ownerA, 10);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    const adminGot = received(admin);
    expect(await refused(ask(member, world.teams.adminA.user.id, 'mic'))).to.deep.equal([
      'FORBIDDEN',
      'You do not have permission to do this.',
    ]);
    await ok(ask(host, world.teams.memberA.user.id, 'mic'));
    await ok(ask(admin, world.teams.ownerA.user.id, 'camera')); // same room
    // someone of this team not on the floor, and another team's user on their own floor
    const stranger = await connect(world.teams.memberB);
    expect(await refused(ask(host, world.teams.memberB.user.id, 'mic'))).to.deep.equal([
      'USER_NOT_ON_FLOOR',
      'That person is not on the floor.',
    ]);
    const hostB = await on(world.teams.ownerB, 9, await newFloor(world.teams.ownerB));
    expect((await refused(ask(hostB, world.teams.memberA.user.id, 'mic')))[0]).to.equal('USER_NOT_ON_FLOOR');
    expect((await refused(ask(stranger, world.teams.memberA.user.id, 'mic')))[0]).to.equal('FLOOR_NOT_JOINED');
    // team B's host cannot see, cancel or answer floor A's requests
    const theirs = (await lists(member)).received[0]!;
    expect((await refused(call(hostB, 'media:cancelRequest', { id: theirs.id })))[0]).to.equal(
      'MEDIA_REQUEST_NOT_FOUND',
    );
    expect((await refused(call(hostB, 'media:answerRequest', { id: theirs.id, allow: true })))[0]).to.equal(
      'MEDIA_REQUEST_NOT_FOUND',
    );
    expect(await lists(hostB)).to.deep.equal({ sent: [], received: [] });
    await pause(150);
    expect(adminGot).to.deep.equal([]);
    expect((await lists(member)).received).to.have.length(1);
  });

  it('bad payloads are VALIDATION_FAILED and asking yourself BAD_REQUEST; nothing is created', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const memberGot = received(member);
    const bad: [string, unknown][] = [
      ['media:request', {}],
      ['media:request', { receiverId: world.teams.memberA.user.id, deviceType: 'speaker' }],
      ['media:request', { receiverId: 'everyone', deviceType: 'mic' }],
      ['media:request', { receiverId: -4, deviceType: 'mic' }],
      ['media:cancelRequest', { id: 'not-a-uuid' }],
      ['media:answerRequest', { id: '6f1c1d9e-1d7e-4a53-9f3e-0c9f0d6f7a11', allow: 'yes' }],
      ['media:answerRequest', { id: '6f1c1d9e-1d7e-4a53-9f3e-0c9f0d6f7a11' }],
    ];
    for (const [event, payload] of bad)
      expect((await refused(call(host, event as 'media:request', payload)))[0], event).to.equal('VALIDATION_FAILED');
    expect((await refused(ask(host, world.teams.ownerA.user.id, 'mic')))[0]).to.equal('BAD_REQUEST');
    expect(
      (
        await refused(call(member, 'media:answerRequest', { id: '6f1c1d9e-1d7e-4a53-9f3e-0c9f0d6f7a11', allow: true }))
      )[0],
    ).to.equal('MEDIA_REQUEST_NOT_FOUND');
    await pause(150);
    expect(memberGot).to.deep.equal([]);
    expect(await lists(host)).to.deep.equal({ sent: [], received: [] });
  });

  it('limits how many requests one person sends per minute; the limit changes nothing', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    for (let i = 0; i < MEDIA_REQUESTS_PER_MINUTE; i++) {
      const sent = await ok(ask(host, world.teams.memberA.user.id, 'camera'));
      await ok(call(host, 'media:cancelRequest', { id: sent.id }));
    }
    const memberGot = received(member);
    expect(await refused(ask(host, world.teams.memberA.user.id, 'camera'))).to.deep.equal([
      'RATE_LIMITED',
      'Too many attempts. Please try again later.',
    ]);
    // someone else's requests are counted apart
    await ok(ask(member, world.teams.ownerA.user.id, 'mic'));
    await pause(150);
    expect(memberGot).to.deep.equal([]);
    expect((await lists(host)).sent).to.deep.equal([]);
  });

  it('leaving the floor ends the requests of whoever left, on the other side', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA);
    const toMember = await ok(ask(host, world.teams.memberA.user.id, 'camera'));
    const toHost = await ok(ask(member, world.teams.ownerA.user.id, 'mic'));
    const kept = await ok(ask(host, world.teams.adminA.user.id, 'mic'));
    const hostTold: unknown[] = [];
    host.on('media:requestEnded', (e) => hostTold.push(e));
    const adminTold: unknown[] = [];
    admin.on('media:requestEnded', (e) => adminTold.push(e));
    await ok(call(member, 'floor:leave', {}));
    await pause(300);
    expect(hostTold.map((e) => (e as { id: string; outcome: string }).id).sort()).to.deep.equal(
      [toMember.id, toHost.id].sort(),
    );
    expect(hostTold.every((e) => (e as { outcome: string }).outcome === 'left')).to.equal(true);
    expect(adminTold).to.deep.equal([]);
    expect(await lists(host)).to.deep.equal({ sent: [kept], received: [] });
  });

  it('asking someone in the out-of-office room (no cameras or microphones there) is refused', async () => {
    const host = await on(world.teams.ownerA);
    const away = await on(world.teams.memberA, 24);
    const got = received(away);
    expect(await refused(ask(host, world.teams.memberA.user.id, 'camera'))).to.deep.equal([
      'MEDIA_NO_WEBRTC_ROOM',
      'Cameras and microphones are off in this room.',
    ]);
    await pause(150);
    expect(got).to.deep.equal([]);
    expect(await lists(host)).to.deep.equal({ sent: [], received: [] });
  });

  it("a room move ends a member's request asked within the room, not a host's", async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA);
    const fromMember = await ok(ask(member, world.teams.adminA.user.id, 'camera'));
    const fromHost = await ok(ask(host, world.teams.adminA.user.id, 'mic'));
    const ended = next(member, 'media:requestEnded');
    await ok(call<FloorUserDto>(admin, 'floor:joinRoom', { roomId: room(10).id }));
    expect(await ended).to.include({ id: fromMember.id, outcome: 'left' });
    expect(await lists(admin)).to.deep.equal({ sent: [], received: [fromHost] });
  });
});
