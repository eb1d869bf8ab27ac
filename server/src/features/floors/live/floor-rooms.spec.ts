import { expect } from 'chai';
import type { FloorUserDto, RoomDto } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import { ManualClock } from '../../../testing/clock';
import { call, next, ok, refused, type Client } from './live.testing';
import { liveFloorWorld } from './live-world.testing';

describe(`live floor: locked rooms and room invitations (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  const world = liveFloorWorld({ clock, perTest: true });
  const { calls, room, on } = world;
  const move = (client: Client, roomId: number, password?: string) =>
    call<FloorUserDto>(client, 'floor:joinRoom', password === undefined ? { roomId } : { roomId, password });

  it('asks for the password of a locked room, refuses a wrong one and stops after five wrong ones', async () => {
    const locked = await calls.lock(world.teams.ownerA, room(8).id, true);
    const password = (locked.json.data as RoomDto).password!;
    const member = await on(world.teams.memberA, 'ja');
    expect(await refused(move(member, room(8).id))).to.deep.equal([
      'PASSWORD_ERROR',
      'ルームのパスワードが正しくありません。',
    ]);
    expect(await refused(move(member, room(8).id, 'nope'))).to.deep.include('PASSWORD_ERROR');
    expect(await ok(move(member, room(8).id, password))).to.include({ roomId: room(8).id });

    await calls.lock(world.teams.ownerA, room(9).id, true);
    for (let i = 0; i < 5; i++)
      expect(await refused(move(member, room(9).id, `00000${i}`))).to.deep.include('PASSWORD_ERROR');
    const answer = await refused(move(member, room(9).id, 'whatever'));
    expect(answer[0]).to.equal('ROOM_PASSWORD_LIMIT');
    expect(answer[1]).to.match(/^ルームのパスワードの誤りが多すぎます。\d+ 秒後に再度お試しください。$/);
    const right = (await calls.room(world.teams.ownerA, room(9).id)).json.data as RoomDto;
    expect(await refused(move(member, room(9).id, right.password!))).to.deep.include('ROOM_PASSWORD_LIMIT');
  });

  it('lets hosts, the locker and guests into a locked room without the password', async () => {
    await calls.register(world.teams.ownerA, world.floorId, [{ email: 'owner@b.example' }]);
    // a plain member locks a room from inside it (issue 13), then steps out
    const locker = await on(world.teams.adminA);
    await ok(move(locker, room(10).id));
    expect((await calls.lock(world.teams.adminA, room(10).id, true)).status).to.equal(200);
    await ok(move(locker, room(1).id));
    const host = await on(world.teams.ownerA);
    const guest = await on(world.teams.ownerB);
    for (const client of [host, locker, guest])
      expect((await ok(move(client, room(10).id))).roomId).to.equal(room(10).id);
  });

  it('rings the invitee and cancels the invitation itself after 10000 ms on the clock', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    await ok(move(host, room(6).id));
    const ring = next(member, 'floor:invitationReceived');
    const sent = await ok(
      call<{ id: number; expiresAt: string }>(host, 'floor:inviteToRoom', { userId: world.teams.memberA.user.id }),
    );
    expect(await ring).to.deep.include({ id: sent.id, roomId: room(6).id, inviterId: world.teams.ownerA.user.id });
    expect(sent.expiresAt).to.equal(new Date(clock.now().getTime() + 10_000).toISOString());

    clock.advance(9_999);
    await world.server.features.live.sweep();
    expect((await world.server.models.RoomInvitation.findByPk(sent.id))!.status).to.equal('pending');
    const stopHost = next(host, 'floor:invitationEnded');
    const stopMember = next(member, 'floor:invitationEnded');
    clock.advance(1);
    await world.server.features.live.sweep();
    expect(await stopHost).to.deep.equal({ id: sent.id, outcome: 'timedOut' });
    expect(await stopMember).to.deep.equal({ id: sent.id, outcome: 'timedOut' });
    expect(
      await refused(call(member, 'floor:answerInvite', { invitationId: sent.id, isAccepted: true })),
    ).to.deep.equal(['ROOM_INVITATION_NOT_FOUND', 'This room invitation has ended.']);
  });

  it('moves the invitee on accept (even into a locked room) and declines their other invitations', async () => {
    const host = await on(world.teams.ownerA);
    const admin = await on(world.teams.adminA);
    const member = await on(world.teams.memberA);
    await calls.lock(world.teams.ownerA, room(8).id, true);
    const fromHost = await ok(
      call<{ id: number }>(host, 'floor:inviteToRoom', { userId: world.teams.memberA.user.id, roomId: room(8).id }),
    );
    const fromAdmin = await ok(
      call<{ id: number }>(admin, 'floor:inviteToRoom', { userId: world.teams.memberA.user.id }),
    );
    expect(
      await refused(call(admin, 'floor:inviteToRoom', { userId: world.teams.memberA.user.id, roomId: room(7).id })),
    ).to.deep.include('FORBIDDEN');
    const declined = next(admin, 'floor:invitationEnded');
    const accepted = next(host, 'floor:invitationEnded');
    const moved = await ok(call(member, 'floor:answerInvite', { invitationId: fromHost.id, isAccepted: true }));
    expect(moved).to.include({ roomId: room(8).id, userId: world.teams.memberA.user.id });
    expect(await accepted).to.deep.equal({ id: fromHost.id, outcome: 'accepted' });
    expect(await declined).to.deep.equal({ id: fromAdmin.id, outcome: 'declined' });
    const rows = await world.server.models.RoomInvitation.findAll({ order: [['id', 'ASC']], raw: true });
    expect(rows.map((r) => r.status)).to.deep.equal(['accepted', 'declined']);

    const again = await ok(call<{ id: number }>(admin, 'floor:inviteToRoom', { userId: world.teams.memberA.user.id }));
    const cancelled = next(member, 'floor:invitationEnded');
    expect(await refused(call(member, 'floor:cancelInvite', { invitationId: again.id }))).to.deep.include(
      'ROOM_INVITATION_NOT_FOUND',
    );
    await ok(call(admin, 'floor:cancelInvite', { invitationId: again.id }));
    expect(await cancelled).to.deep.equal({ id: again.id, outcome: 'cancelled' });
  });
});
