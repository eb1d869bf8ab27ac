import { expect } from 'chai';
import { mutationSchema, participantSchema, roomSchema, type FloorUserDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import type { Actor } from '../companies/fixtures';
import { errorOf, floorState } from './fixtures';
import { call, next, ok, refused, type Client } from './live/live.testing';
import { liveFloorWorld } from './live/live-world.testing';

/** Issue 16 (s25rooms): a room's name and type edited by hosts (PATCH floor-room/{id}) and what follows from them. */
describe(`floor rooms: name and type edits (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z'); // 10:00 Japan time
  const world = liveFloorWorld({ clock, perTest: true });
  const { calls, room, on } = world;
  const edit = async (n: number, body: unknown, who: Actor = world.teams.ownerA) => {
    const res = await calls.editRoom(who, room(n).id, body);
    expect(res.status, res.text).to.equal(200);
    return mutationSchema(roomSchema).parse(res.json).data;
  };
  const move = (client: Client, roomId: number) => call<FloorUserDto>(client, 'floor:joinRoom', { roomId });
  const invite = async (email: string, permissions: Record<string, boolean> = {}) => {
    const res = await calls.register(world.teams.ownerA, world.floorId, [{ email, permissions }]);
    expect(res.status, res.text).to.equal(201);
    return mutationSchema(participantSchema.array()).parse(res.json).data[0]!;
  };
  const book = (who: Actor, roomId: number) =>
    calls.call(who, '/appointments', {
      body: {
        floorId: world.floorId,
        roomId,
        title: 'Sales call',
        startAt: '2026-12-02T10:00',
        endAt: '2026-12-02T11:00',
      },
    });

  it('lets the host rename and retype a room; every reader and the live floor get it, in ja and en', async () => {
    const english = await on(world.teams.memberA, 'en');
    const japanese = await on(world.teams.adminA, 'ja');
    const heardEn = next(english, 'floor:roomChanged');
    const heardJa = next(japanese, 'floor:roomChanged');
    const edited = await edit(8, { name: '  Design studio ', type: 'MEETING_ROOM', seat: 4 });
    expect(edited).to.deep.include({
      number: 8,
      key: 'tableA',
      name: 'Design studio',
      customName: 'Design studio',
      type: 'MEETING_ROOM',
      areaType: 'OFFICE',
      seat: 4,
    });
    expect(await heardEn).to.deep.include({ id: room(8).id, name: 'Design studio', type: 'MEETING_ROOM' });
    expect(await heardJa).to.deep.include({ id: room(8).id, name: 'Design studio', type: 'MEETING_ROOM' });
    const row = (await world.server.models.FloorRoom.findByPk(room(8).id))!;
    expect([row.name, row.type]).to.deep.equal(['Design studio', 'MEETING_ROOM']);
    // the floor's enter/leave history names the room as it is called now
    await world.server.models.ParticipantLog.create({
      companyId: world.teams.teamA.id,
      floorId: world.floorId,
      userId: world.teams.memberA.user.id,
      type: 'enter',
      roomId: room(8).id,
      at: clock.now(),
    });
    const history = await calls.call(
      world.teams.ownerA,
      `/floors/${world.floorId}/participant-log?from=2026-12-01&to=2026-12-01`,
    );
    expect((history.json.data as { roomName: string }[]).map((e) => e.roomName)).to.include('Design studio');

    // the list in Japanese: the host's name as typed, the untouched rooms in Japanese
    const ja = roomSchema
      .array()
      .parse((await calls.call(world.teams.memberA, `/floors/${world.floorId}/rooms`, { lang: 'ja' })).json.data);
    expect(ja.find((r) => r.number === 8)).to.deep.include({ name: 'Design studio', type: 'MEETING_ROOM' });
    expect(ja.find((r) => r.number === 9)).to.deep.include({ name: 'テーブルB', customName: null, type: null });

    // back: an empty name and the number's own type store nothing (ROOMS stays the default)
    const heardBack = next(japanese, 'floor:roomChanged');
    const back = await edit(8, { name: '', type: null });
    expect(back).to.deep.include({ name: 'Table A', customName: null, type: null });
    expect(await heardBack).to.deep.include({ name: 'テーブルA', customName: null, type: null });
    const reset = (await world.server.models.FloorRoom.findByPk(room(8).id))!;
    expect([reset.name, reset.type, reset.seat]).to.deep.equal([null, null, 4]);

    // a meeting room made open is stored as such; the entrance keeps its type but takes a new name
    expect(await edit(18, { type: null })).to.deep.include({ type: null, name: 'Meeting room 1' });
    expect((await world.server.models.FloorRoom.findByPk(room(18).id))!.type).to.equal('OPEN');
    expect(await edit(1, { name: 'Lobby', type: null })).to.deep.include({ name: 'Lobby', type: null });
  });

  it('refuses a plain member and another team’s host with the catalogue’s errors, changing nothing', async () => {
    const before = await floorState(world.server);
    expect(errorOf(await calls.editRoom(world.teams.memberA, room(8).id, { name: 'Mine' }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    expect(errorOf(await calls.editRoom(world.teams.memberA, room(8).id, { type: 'MEETING_ROOM' }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    const missing = await calls.editRoom(world.teams.ownerB, 999_999, { name: 'Theirs' });
    const other = await calls.editRoom(world.teams.ownerB, room(8).id, { name: 'Theirs', type: 'RECEPTION_ROOM' });
    expect(errorOf(other)).to.deep.equal([404, 'ROOM_NOT_FOUND']);
    expect(other.json).to.deep.equal(missing.json);
    expect(await floorState(world.server)).to.deep.equal(before);
  });

  it('refuses bad names and types with field messages, and a new type for the entrance, the stage and out of office', async () => {
    const before = await floorState(world.server);
    const fields = async (body: unknown, lang = 'en') => {
      const res = await calls.call(world.teams.ownerA, `/floor-room/${room(8).id}`, { method: 'PATCH', body, lang });
      expect(errorOf(res), JSON.stringify(body)).to.deep.equal([400, 'VALIDATION_FAILED']);
      return res.json.error!.fields;
    };
    expect(await fields({ name: 'x'.repeat(31) })).to.deep.equal({
      name: 'Enter a room name of 30 characters or fewer',
    });
    expect(await fields({ name: 'x'.repeat(31) }, 'ja')).to.deep.equal({
      name: 'ルーム名は30文字以内で入力してください',
    });
    expect(await fields({ name: 'admin\u202Eroom' })).to.have.key('name');
    expect(await fields({ name: 12 })).to.deep.equal({ name: 'name has the wrong type' });
    for (const type of ['SPEECH', 'KITCHEN', 3])
      expect(await fields({ type })).to.deep.equal({ type: 'Choose a room type from the list' });
    expect(await fields({ type: 'SPEECH' }, 'ja')).to.deep.equal({ type: 'ルームの種類を一覧から選んでください' });
    for (const [n, type] of [
      [1, 'MEETING_ROOM'],
      [7, null],
      [24, 'RECEPTION_ROOM'],
    ] as const) {
      const res = await calls.editRoom(world.teams.ownerA, room(n).id, { name: 'Renamed', type });
      expect(errorOf(res), String(n)).to.deep.equal([409, 'ROOM_TYPE_FIXED']);
      expect(res.json.error!.message).to.equal(
        'The type of the entrance, the stage and out of office cannot be changed.',
      );
    }
    expect(await floorState(world.server)).to.deep.equal(before);
  });

  it('enforces a retyped room’s permission on the next move: a table made a meeting room, a meeting room made open', async () => {
    await invite('admin@a.example', { meetingRoom: true });
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA);
    await ok(move(member, room(8).id));
    await ok(move(member, room(1).id));
    await edit(8, { type: 'MEETING_ROOM' });
    expect(await refused(move(member, room(8).id))).to.deep.equal([
      'ROOM_NO_PERMISSION',
      'You do not have permission to enter this room. Ask the host for it.',
    ]);
    expect(await ok(move(admin, room(8).id))).to.include({ roomId: room(8).id });

    // conference, recording and subhost rooms ask for their own flags
    await edit(9, { type: 'CONFERENCE' });
    expect((await refused(move(admin, room(9).id)))[0]).to.equal('ROOM_NO_PERMISSION');

    // meeting room 1 made open: the member without the flag walks in
    expect((await refused(move(member, room(18).id)))[0]).to.equal('ROOM_NO_PERMISSION');
    await edit(18, { type: null });
    expect(await ok(move(member, room(18).id))).to.include({ roomId: room(18).id });
  });

  it('books by the room’s type now: a table made a guest lounge is bookable, an opened meeting room is not', async () => {
    expect(errorOf(await book(world.teams.ownerA, room(10).id))).to.deep.equal([400, 'APPOINTMENT_ROOM_NOT_BOOKABLE']);
    await edit(10, { name: 'Sofa corner', type: 'RECEPTION_ROOM' });
    const booked = await book(world.teams.ownerA, room(10).id);
    expect(booked.status, booked.text).to.equal(201);
    await edit(19, { type: null });
    expect(errorOf(await book(world.teams.ownerA, room(19).id))).to.deep.equal([400, 'APPOINTMENT_ROOM_NOT_BOOKABLE']);
    // the conflict message names the room by its new name
    const clash = await book(world.teams.ownerA, room(10).id);
    expect(clash.json.error!.message).to.match(/^Sofa corner is already booked/);
  });
});
