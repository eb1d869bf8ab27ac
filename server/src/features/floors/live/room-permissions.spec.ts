import { expect } from 'chai';
import { mutationSchema, participantSchema, type FloorUserDto } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import { ManualClock } from '../../../testing/clock';
import type { Actor } from '../../companies/fixtures';
import { errorOf } from '../fixtures';
import { roomOfUser } from './engine/places';
import { call, next, ok, refused, type Client } from './live.testing';
import { liveFloorWorld } from './live-world.testing';

describe(`live floor: room permissions on entry (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  const world = liveFloorWorld({ clock, perTest: true });
  const { calls, room, on } = world;
  const move = (client: Client, roomId: number) => call<FloorUserDto>(client, 'floor:joinRoom', { roomId });
  const placeOf = (who: Actor) => roomOfUser(world.server.models, world.floorId, who.user.id);
  const invite = async (email: string, permissions: Record<string, boolean> = {}) => {
    const res = await calls.register(world.teams.ownerA, world.floorId, [{ email, permissions }]);
    expect(res.status, res.text).to.equal(201);
    return mutationSchema(participantSchema.array()).parse(res.json).data[0]!;
  };

  it('refuses a member without the flags meeting rooms and guest lounges, in en and ja, and leaves them where they were', async () => {
    const member = await on(world.teams.memberA);
    const japanese = await on(world.teams.adminA, 'ja');
    await ok(move(member, room(8).id)); // a table is open to everyone
    for (const n of [18, 19, 20, 23])
      expect(await refused(move(member, room(n).id))).to.deep.equal([
        'ROOM_NO_PERMISSION',
        'You do not have permission to enter this room. Ask the host for it.',
      ]);
    expect(await refused(move(japanese, room(18).id))).to.deep.equal([
      'ROOM_NO_PERMISSION',
      'このルームに入る権限がありません。主催者に権限の付与を依頼してください。',
    ]);
    expect(await placeOf(world.teams.memberA)).to.equal(room(8).id);
    // the stage asks no flag here: it is entered by joining its presentation (features/stage), never from the map
    expect((await refused(move(member, room(7).id)))[0]).to.equal('STAGE_ROOM_CLOSED');
  });

  it('lets each flag open its own room type only: meetingRoom, receptionRoom', async () => {
    await invite('member@a.example', { meetingRoom: true });
    await invite('admin@a.example', { receptionRoom: true });
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA);
    expect(await ok(move(member, room(18).id))).to.include({ roomId: room(18).id });
    expect(await refused(move(member, room(21).id))).to.deep.include('ROOM_NO_PERMISSION');
    expect(await ok(move(admin, room(21).id))).to.include({ roomId: room(21).id });
    expect(await refused(move(admin, room(19).id))).to.deep.include('ROOM_NO_PERMISSION');
  });

  it('follows the host’s permission edit live: refused, allowed after the grant, refused again after the take-back', async () => {
    const participant = await invite('member@a.example');
    const member = await on(world.teams.memberA);
    expect(await refused(move(member, room(18).id))).to.deep.include('ROOM_NO_PERMISSION');
    expect((await calls.permit(world.teams.ownerA, participant.id, { meetingRoom: true })).status).to.equal(200);
    expect(await ok(move(member, room(18).id))).to.include({ roomId: room(18).id });
    await ok(move(member, room(1).id));
    expect((await calls.permit(world.teams.ownerA, participant.id, { meetingRoom: false })).status).to.equal(200);
    expect(await refused(move(member, room(18).id))).to.deep.include('ROOM_NO_PERMISSION');
    expect(await placeOf(world.teams.memberA)).to.equal(room(1).id);
  });

  it('lets the host and subhosts in everywhere without flags', async () => {
    await invite('admin@a.example', { subhost: true });
    const host = await on(world.teams.ownerA);
    const subhost = await on(world.teams.adminA);
    // (the stage, room 7, is entered through its presentation by everyone: features/stage)
    for (const n of [18, 21, 22]) {
      expect(await ok(move(host, room(n).id))).to.include({ roomId: room(n).id });
      expect(await ok(move(subhost, room(n).id))).to.include({ roomId: room(n).id });
    }
  });

  it('lets an accepted room invitation bring a member without the flag into a meeting room', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    await ok(move(host, room(19).id));
    const ring = next(member, 'floor:invitationReceived');
    const sent = await ok(call<{ id: number }>(host, 'floor:inviteToRoom', { userId: world.teams.memberA.user.id }));
    await ring;
    expect(await ok(call(member, 'floor:answerInvite', { invitationId: sent.id, isAccepted: true }))).to.include({
      roomId: room(19).id,
    });
  });

  it('refuses another team’s host and a plain member the permission edit, changing nothing', async () => {
    const participant = await invite('member@a.example');
    expect(errorOf(await calls.permit(world.teams.ownerB, participant.id, { meetingRoom: true }))).to.deep.equal([
      404,
      'PARTICIPANT_NOT_FOUND',
    ]);
    expect(errorOf(await calls.permit(world.teams.memberA, participant.id, { meetingRoom: true }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    const row = await world.server.models.FloorParticipant.findByPk(participant.id);
    expect(row!.permissionMeetingRoom).to.equal(false);
  });

  it('marks an invited account holder participated at their first entry, not before', async () => {
    const participant = await invite('member@a.example');
    expect(participant.status).to.equal('pending');
    await on(world.teams.memberA);
    expect((await world.server.models.FloorParticipant.findByPk(participant.id))!.status).to.equal('participated');
  });
});
