import { expect } from 'chai';
import { mutationSchema, roomSchema, ROOMS, type FloorDto, type RoomDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { errorOf, floorCalls, floorState, twoTeams } from './fixtures';

describe(`floor rooms: list, edit, lock and unlock (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floor: FloorDto;
  let rooms: RoomDto[];
  const calls = floorCalls(() => server);
  const room = (n: number) => rooms.find((r) => r.number === n)!;

  before(async () => {
    server = await startTestServer({}, { clock: new ManualClock('2026-11-30T00:00:00Z') });
    teams = await twoTeams(server);
    floor = await calls.floor(teams.ownerA, { type: 2 });
    const res = await calls.rooms(teams.memberA, floor.id);
    expect(res.status).to.equal(200);
    rooms = roomSchema.array().parse(res.json.data);
  });
  after(() => server?.close());

  it('lists the 24 rooms with their fixed numbers, names, types and areas in the caller’s language', async () => {
    expect(rooms.map((r) => [r.number, r.key, r.type, r.areaType, r.seat])).to.deep.equal(
      ROOMS.map((d) => [d.number, d.key, d.type, d.areaType, d.seat]),
    );
    expect([
      room(1).name,
      room(3).name,
      room(8).name,
      room(17).name,
      room(18).name,
      room(20).name,
      room(24).name,
    ]).to.deep.equal([
      'Entrance',
      'Break room',
      'Table A',
      'Table J',
      'Meeting room 1',
      'Guest lounge 1',
      'Out of office',
    ]);
    const ja = roomSchema
      .array()
      .parse((await calls.call(teams.memberA, `/floors/${floor.id}/rooms`, { lang: 'ja' })).json.data);
    expect(ja.map((r) => r.name).slice(0, 3)).to.deep.equal(['エントランス', '受付', '休憩室']);
    const one = await calls.room(teams.memberA, room(7).id);
    expect(roomSchema.parse(one.json.data)).to.deep.include({
      number: 7,
      key: 'stage',
      type: 'SPEECH',
      areaType: 'STAGE',
    });
  });

  it('lets the host edit seats and chat saving; checks the values; a member gets 403', async () => {
    const res = await calls.editRoom(teams.ownerA, room(18).id, { seat: 12, saveChat: true });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.message).to.equal('The room was updated.');
    expect(mutationSchema(roomSchema).parse(res.json).data).to.deep.include({ seat: 12, saveChat: true });
    const before = await floorState(server);
    for (const seat of [0, 51, 2.5]) {
      const bad = await calls.editRoom(teams.ownerA, room(18).id, { seat });
      expect(bad.json.error!.fields, String(seat)).to.deep.equal({
        seat: 'Enter a whole number of seats from 1 to 50',
      });
    }
    expect(errorOf(await calls.editRoom(teams.memberA, room(18).id, { seat: 3 }))).to.deep.equal([403, 'FORBIDDEN']);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('locks with an issued password shown to the locker and managers only; unlocks', async () => {
    // a plain member locks a room they are in (issue 13: the host, subhosts and people inside)
    await server.models.FloorUser.create({
      floorId: floor.id,
      userId: teams.memberA.user.id,
      roomId: room(19).id,
      seat: 1,
      participantType: 'EMPLOYEE',
      activeStatus: 'available',
    });
    const locked = await calls.lock(teams.memberA, room(19).id, true);
    expect(locked.status, locked.text).to.equal(200);
    const dto = mutationSchema(roomSchema).parse(locked.json).data;
    expect(dto.locked).to.equal(true);
    expect(dto.password).to.match(/^\d{6}$/);
    expect(locked.json.message).to.equal(`The room is locked. Password: ${dto.password}`);
    const row = (await server.models.FloorRoom.findByPk(room(19).id))!;
    expect([row.locked, row.password, row.lockedBy]).to.deep.equal([true, dto.password, teams.memberA.user.id]);

    expect(roomSchema.parse((await calls.room(teams.ownerA, room(19).id)).json.data).password).to.equal(dto.password);
    expect(roomSchema.parse((await calls.room(teams.memberA, room(19).id)).json.data).password).to.equal(dto.password);
    expect(roomSchema.parse((await calls.room(teams.adminA, room(19).id)).json.data)).to.include({
      locked: true,
      password: null,
    });

    const before = await floorState(server);
    expect(errorOf(await calls.lock(teams.adminA, room(19).id, false))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.lock(teams.adminA, room(19).id, 'yes'))).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(await floorState(server)).to.deep.equal(before);

    const relocked = mutationSchema(roomSchema).parse((await calls.lock(teams.ownerA, room(19).id, true)).json).data;
    expect(relocked.password).to.match(/^\d{6}$/);
    const unlocked = await calls.lock(teams.ownerA, room(19).id, false);
    expect(unlocked.json.message).to.equal('The room is unlocked.');
    expect(mutationSchema(roomSchema).parse(unlocked.json).data).to.include({ locked: false, password: null });
    const after = (await server.models.FloorRoom.findByPk(room(19).id))!;
    expect([after.locked, after.password, after.lockedBy]).to.deep.equal([false, null, null]);
  });

  it('answers ROOM_NOT_FOUND for rooms of another team’s floor, as for a room that does not exist', async () => {
    const before = await floorState(server);
    const missing = await calls.room(teams.ownerB, 999_999);
    for (const res of [
      await calls.room(teams.ownerB, room(1).id),
      await calls.editRoom(teams.ownerB, room(1).id, { seat: 2 }),
      await calls.lock(teams.memberB, room(1).id, true),
    ]) {
      expect(errorOf(res)).to.deep.equal([404, 'ROOM_NOT_FOUND']);
      expect(res.json).to.deep.equal(missing.json);
    }
    expect(errorOf(await calls.rooms(teams.ownerB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(await floorState(server)).to.deep.equal(before);
  });
});
