import { expect } from 'chai';
import type { ChatConversationDto, PresentationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, refused, type Client } from '../floors/live/live.testing';
import { mediaPeer, mediaWorld, produce } from '../media/media.testing';
import { roomOfUser } from '../floors/live/engine/places';

describe(`stage: waiting room, requests to speak and the stage room's rules (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const memberOf = (p: PresentationDto, userId: number) => p.members.find((m) => m.userId === userId);
  const get = async (c: Client) =>
    (await ok(call<{ presentation: PresentationDto }>(c, 'presentation:get', {}))).presentation;
  const code = async (promise: Promise<unknown>) => (await refused(promise as never))[0];
  const moveTo = (c: Client, n: number) => call(c, 'floor:joinRoom', { roomId: world.room(n).id });
  const placeOf = (userId: number) => roomOfUser(world.server.models, world.floorId, userId);
  /** Gives team A's admin the speech permission on the current floor. */
  const speechForAdmin = async () => {
    const res = await world.calls.register(world.teams.ownerA, world.floorId, [
      { email: world.teams.adminA.user.email, permissions: { speech: true } },
    ]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
  };

  it('an audience member with speech asks to speak; the host sees it live, denies, then admits; the audience cannot answer', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    await speechForAdmin();
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(call(admin, 'presentation:join', { role: 'A' }));
    const adminId = world.teams.adminA.user.id;
    const memberId = world.teams.memberA.user.id;

    // without speech or subhost: no request, nothing changes
    expect(await code(call(member, 'presentation:request', {}))).to.equal('PRESENTATION_NO_PERMISSION');
    expect(memberOf((await get(host))!, memberId)).to.include({ role: 'A', requested: null });
    // the host's list says who may speak (to offer "invite to speak" only there); the audience's says nothing of others
    const hostView = (await get(host))!;
    expect([memberOf(hostView, memberId)?.maySpeak, memberOf(hostView, adminId)?.maySpeak]).to.deep.equal([
      false,
      true,
    ]);
    expect(memberOf((await get(member))!, adminId)?.maySpeak).to.equal(undefined);

    // with speech: the host's list shows the request at once
    const seen = next(host, 'presentation:changed');
    await ok(call(admin, 'presentation:request', {}));
    expect(memberOf((await seen).presentation!, adminId)).to.include({ role: 'A', requested: 'S' });

    // an audience member cannot admit or deny, nor call anyone
    expect(await code(call(member, 'presentation:admit', { userId: adminId }))).to.equal('PRESENTATION_NOT_HOST');
    expect(await code(call(member, 'presentation:deny', { userId: adminId }))).to.equal('PRESENTATION_NOT_HOST');
    expect(await code(call(member, 'presentation:call', { userId: adminId }))).to.equal('PRESENTATION_NOT_HOST');
    expect(memberOf((await get(host))!, adminId)).to.include({ role: 'A', requested: 'S' });

    // denied: still audience, the request gone, and told so (to speak, by the host); answering it again finds nothing
    const word = next(admin, 'presentation:denied');
    const denied = await ok(call<PresentationDto>(host, 'presentation:deny', { userId: adminId }));
    expect(memberOf(denied, adminId)).to.include({ role: 'A', requested: null });
    expect(await word).to.deep.include({ request: 'speak', by: world.teams.ownerA.user.id });
    expect(await code(call(host, 'presentation:admit', { userId: adminId }))).to.equal('PRESENTATION_NO_REQUEST');

    // asked again and admitted: a speaker, told to the whole floor
    await ok(call(admin, 'presentation:request', {}));
    const told = next(admin, 'presentation:changed');
    await ok(call(host, 'presentation:admit', { userId: adminId }));
    expect(memberOf((await told).presentation!, adminId)).to.include({ role: 'S', requested: null });
    expect(await world.server.models.StageMember.count({ where: { role: 'S' } })).to.equal(2);
  });

  it('keeps the stage room closed to the map: only members walk in, and only speakers produce there', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    // no presentation: the stage cannot be walked into
    expect(await code(moveTo(member, 7))).to.equal('STAGE_ROOM_CLOSED');
    await ok(call(host, 'presentation:start', {}));
    expect(await code(moveTo(member, 7))).to.equal('STAGE_ROOM_CLOSED');
    await ok(moveTo(host, 7)); // its host is a speaker
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(moveTo(member, 7));

    // the audience watches: its camera, microphone and screen are refused on the stage
    const audience = await mediaPeer(member);
    for (const source of ['camera', 'mic', 'screen'] as const)
      expect(await code(produce(member, audience.send.id, source))).to.equal('MEDIA_AUDIENCE_CANNOT_PRODUCE');
    const speaker = await mediaPeer(host);
    await ok(produce(host, speaker.send.id, 'camera'));
    await ok(produce(host, speaker.send.id, 'mic'));

    // off the stage the member produces as before
    await ok(moveTo(member, 9));
    const elsewhere = await mediaPeer(member);
    await ok(produce(member, elsewhere.send.id, 'camera'));
  });

  it('a private presentation keeps people in its waiting room until admitted; a call lets a speaker in directly', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    await speechForAdmin();
    const memberId = world.teams.memberA.user.id;
    const adminId = world.teams.adminA.user.id;
    await ok(call(host, 'presentation:start', { isPrivateRoom: true }));

    // joining waits outside (W), in the waiting room (out of the room and call they asked from), and cannot walk in
    const before = await placeOf(memberId);
    const waiting = await ok(call<PresentationDto>(member, 'presentation:join', { role: 'A' }));
    expect(memberOf(waiting, memberId)).to.include({ role: 'W', requested: 'A' });
    expect(await placeOf(memberId)).to.equal(world.room(4).id);
    expect(await code(moveTo(member, 7))).to.equal('STAGE_ROOM_CLOSED');
    // denied: out of the waiting room, back where they asked from, and told so; joining again waits again; admitted: in
    const word = next(member, 'presentation:denied');
    const denied = await ok(call<PresentationDto>(host, 'presentation:deny', { userId: memberId }));
    expect(memberOf(denied, memberId)).to.equal(undefined);
    expect(await word).to.deep.include({ request: 'enter' });
    expect(await placeOf(memberId)).to.equal(before);
    // leaving while waiting takes them back too
    await ok(call(member, 'presentation:join', { role: 'A' }));
    expect(await placeOf(memberId)).to.equal(world.room(4).id);
    await ok(call(member, 'presentation:leave', { leave: true }));
    expect(await placeOf(memberId)).to.equal(before);
    await ok(call(member, 'presentation:join', { role: 'A' }));
    const admitted = await ok(call<PresentationDto>(host, 'presentation:admit', { userId: memberId }));
    expect(memberOf(admitted, memberId)).to.include({ role: 'A', requested: null });
    await ok(moveTo(member, 7));

    // a call of someone without speech is refused; of one with it, they join as speaker at once
    expect(await code(call(host, 'presentation:call', { userId: memberId }))).to.equal('PRESENTATION_NO_PERMISSION');
    const called = next(admin, 'presentation:changed');
    await ok(call(host, 'presentation:call', { userId: adminId }));
    expect(memberOf((await called).presentation!, adminId)).to.include({ role: 'W', called: true });
    // declining the call is their own answer: nobody else can decline for them but the host
    expect(await code(call(member, 'presentation:deny', { userId: adminId }))).to.equal('PRESENTATION_NOT_HOST');
    const declined = await ok(call<PresentationDto>(admin, 'presentation:deny', { userId: adminId }));
    expect(memberOf(declined, adminId)).to.equal(undefined);
    await ok(call(host, 'presentation:call', { userId: adminId }));
    const joined = await ok(call<PresentationDto>(admin, 'presentation:join', { role: 'S' }));
    expect(memberOf(joined, adminId)).to.include({ role: 'S', called: false });
    await ok(moveTo(admin, 7));
  });

  it("refuses another floor's user: not called, not admitted, and their host cannot answer this floor's requests", async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    await ok(call(host, 'presentation:start', { isPrivateRoom: true }));
    await ok(call(member, 'presentation:join', { role: 'A' }));

    // team B's owner on their own floor, presenting there
    const floorB = await world.newFloor(world.teams.ownerB);
    const ownerB = await on(world.teams.ownerB, 9, floorB);
    await ok(call(ownerB, 'presentation:start', {}));
    const memberId = world.teams.memberA.user.id;
    expect(await code(call(ownerB, 'presentation:admit', { userId: memberId }))).to.equal('PRESENTATION_NO_REQUEST');
    expect(await code(call(ownerB, 'presentation:call', { userId: memberId }))).to.equal('USER_NOT_ON_FLOOR');
    // team A's host cannot call team B's owner onto A's stage
    const ownerBId = world.teams.ownerB.user.id;
    expect(await code(call(host, 'presentation:call', { userId: ownerBId }))).to.equal('USER_NOT_ON_FLOOR');
    // a socket on no floor reaches nothing
    const outsider = await world.connect(world.teams.memberB);
    expect(await code(call(outsider, 'presentation:request', {}))).to.equal('FLOOR_NOT_JOINED');
    // nothing changed on team A's floor
    expect(memberOf((await get(host))!, memberId)).to.include({ role: 'W', requested: 'A' });
    expect((await get(host))!.members.map((m) => m.userId)).to.not.include(ownerBId);
  });

  it('save-chat: with it on a leaver keeps the presentation chat to download; off, the chat is cleared at the end', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const models = world.server.models;
    const stage = world.room(7).id;
    const say = async (c: Client, content: string) => {
      const chat = await ok(call<ChatConversationDto>(c, 'chat:join', { scope: 'room', roomId: stage }));
      await ok(call(c, 'chat:sendMessage', { conversationId: chat.id, content }));
      return chat.id;
    };

    // off: said on the stage, gone once the presentation ended and everyone walked off
    await ok(call(host, 'presentation:start', { saveChat: false }));
    await ok(moveTo(host, 7));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(moveTo(member, 7));
    const cleared = await say(member, 'see you after the break');
    await ok(call(host, 'presentation:stop', {}));
    await ok(moveTo(member, 9));
    await ok(moveTo(host, 9));
    await world.server.features.chat.idle();
    expect(await models.ChatMessage.count({ where: { conversationId: cleared } })).to.equal(0);

    // on: the leaver keeps a read-only copy up to their leave, which the chat's download serves
    const started = await ok(call<PresentationDto>(host, 'presentation:start', { saveChat: true }));
    expect(started.saveChat).to.equal(true);
    expect((await models.FloorRoom.findByPk(stage))!.saveChat).to.equal(true);
    await ok(moveTo(host, 7));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(moveTo(member, 7));
    const kept = await say(member, 'slides: page 12');
    await ok(call(member, 'presentation:leave', { leave: true }));
    await ok(moveTo(member, 9));
    await world.server.features.chat.idle();
    const copy = await models.ChatMember.findOne({
      where: { conversationId: kept, userId: world.teams.memberA.user.id },
    });
    expect(copy?.savedUntilId, 'a saved copy').to.be.a('number');
    expect(await models.ChatMessage.count({ where: { conversationId: kept } })).to.equal(1);
  });
});
