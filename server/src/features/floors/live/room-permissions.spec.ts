import { expect } from 'chai';
import { mutationSchema, participantSchema, type FloorUserDto, type RoomDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { ManualClock } from '../../../testing/clock';
import type { Actor } from '../../companies/fixtures';
import { errorOf, floorCalls, twoTeams } from '../fixtures';
import { roomOfUser } from './engine/places';
import { call, join, next, ok, refused, socketOf, type Client } from './live.testing';

describe(`live floor: room permissions on entry (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  let floorId: number;
  let rooms: RoomDto[];
  const room = (n: number) => rooms.find((r) => r.number === n)!;
  const on = async (who: Actor, lang = 'en') => {
    const client = await socketOf(server.url, who, lang);
    open.push(client);
    await join(client, floorId);
    return client;
  };
  const move = (client: Client, roomId: number) => call<FloorUserDto>(client, 'floor:joinRoom', { roomId });
  const placeOf = (who: Actor) => roomOfUser(server.models, floorId, who.user.id);
  const invite = async (email: string, permissions: Record<string, boolean> = {}) => {
    const res = await calls.register(teams.ownerA, floorId, [{ email, permissions }]);
    expect(res.status, res.text).to.equal(201);
    return mutationSchema(participantSchema.array()).parse(res.json).data[0]!;
  };

  beforeEach(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    rooms = (await calls.rooms(teams.ownerA, floorId)).json.data as RoomDto[];
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.disconnect();
    await server?.close();
  });

  it('refuses a member without the flags meeting rooms and guest lounges, in en and ja, and leaves them where they were', async () => {
    const member = await on(teams.memberA);
    const japanese = await on(teams.adminA, 'ja');
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
    expect(await placeOf(teams.memberA)).to.equal(room(8).id);
    // the stage asks no flag here: it is entered by joining its presentation (features/stage), never from the map
    expect((await refused(move(member, room(7).id)))[0]).to.equal('STAGE_ROOM_CLOSED');
  });

  it('lets each flag open its own room type only: meetingRoom, receptionRoom', async () => {
    await invite('member@a.example', { meetingRoom: true });
    await invite('admin@a.example', { receptionRoom: true });
    const member = await on(teams.memberA);
    const admin = await on(teams.adminA);
    expect(await ok(move(member, room(18).id))).to.include({ roomId: room(18).id });
    expect(await refused(move(member, room(21).id))).to.deep.include('ROOM_NO_PERMISSION');
    expect(await ok(move(admin, room(21).id))).to.include({ roomId: room(21).id });
    expect(await refused(move(admin, room(19).id))).to.deep.include('ROOM_NO_PERMISSION');
  });

  it('follows the host’s permission edit live: refused, allowed after the grant, refused again after the take-back', async () => {
    const participant = await invite('member@a.example');
    const member = await on(teams.memberA);
    expect(await refused(move(member, room(18).id))).to.deep.include('ROOM_NO_PERMISSION');
    expect((await calls.permit(teams.ownerA, participant.id, { meetingRoom: true })).status).to.equal(200);
    expect(await ok(move(member, room(18).id))).to.include({ roomId: room(18).id });
    await ok(move(member, room(1).id));
    expect((await calls.permit(teams.ownerA, participant.id, { meetingRoom: false })).status).to.equal(200);
    expect(await refused(move(member, room(18).id))).to.deep.include('ROOM_NO_PERMISSION');
    expect(await placeOf(teams.memberA)).to.equal(room(1).id);
  });

  it('lets the host and subhosts in everywhere without flags', async () => {
    await invite('admin@a.example', { subhost: true });
    const host = await on(teams.ownerA);
    const subhost = await on(teams.adminA);
    // (the stage, room 7, is entered through its presentation by everyone: features/stage)
    for (const n of [18, 21, 22]) {
      expect(await ok(move(host, room(n).id))).to.include({ roomId: room(n).id });
      expect(await ok(move(subhost, room(n).id))).to.include({ roomId: room(n).id });
    }
  });

  it('lets an accepted room invitation bring a member without the flag into a meeting room', async () => {
    const host = await on(teams.ownerA);
    const member = await on(teams.memberA);
    await ok(move(host, room(19).id));
    const ring = next(member, 'floor:invitationReceived');
    const sent = await ok(call<{ id: number }>(host, 'floor:inviteToRoom', { userId: teams.memberA.user.id }));
    await ring;
    expect(await ok(call(member, 'floor:answerInvite', { invitationId: sent.id, isAccepted: true }))).to.include({
      roomId: room(19).id,
    });
  });

  it('refuses another team’s host and a plain member the permission edit, changing nothing', async () => {
    const participant = await invite('member@a.example');
    expect(errorOf(await calls.permit(teams.ownerB, participant.id, { meetingRoom: true }))).to.deep.equal([
      404,
      'PARTICIPANT_NOT_FOUND',
    ]);
    expect(errorOf(await calls.permit(teams.memberA, participant.id, { meetingRoom: true }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    const row = await server.models.FloorParticipant.findByPk(participant.id);
    expect(row!.permissionMeetingRoom).to.equal(false);
  });

  it('marks an invited account holder participated at their first entry, not before', async () => {
    const participant = await invite('member@a.example');
    expect(participant.status).to.equal('pending');
    await on(teams.memberA);
    expect((await server.models.FloorParticipant.findByPk(participant.id))!.status).to.equal('participated');
  });
});
