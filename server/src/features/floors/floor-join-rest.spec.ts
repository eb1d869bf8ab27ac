import { expect } from 'chai';
import { detailSchema, floorEntrySchema, mutationSchema, participantSchema, type FloorDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { errorOf, floorCalls, floorState, twoTeams } from './fixtures';

describe(`GET /floors/{id}/join (${testDialect()})`, function () {
  this.timeout(60_000);
  // Monday 30 November 2026, 09:00 Japan time; the floor runs 1 December 10:00–12:00.
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floor: FloorDto;
  const calls = floorCalls(() => server);
  const join = (who: Parameters<typeof calls.call>[0], id: number | string) => calls.call(who, `/floors/${id}/join`);

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    floor = await calls.floor(teams.ownerA);
    const res = await calls.register(teams.ownerA, floor.id, [
      { email: 'member@a.example', permissions: { speech: true } },
      { email: 'admin@a.example', permissions: { subhost: true } },
    ]);
    expect(res.status, res.text).to.equal(201);
    mutationSchema(participantSchema.array()).parse(res.json);
  });
  after(() => server?.close());
  afterEach(() => clock.set('2026-11-30T00:00:00Z'));

  it('answers a running floor, the caller’s participant row and the rooms, and places no one', async () => {
    clock.set('2026-12-01T01:30:00Z'); // 10:30 Japan time
    const before = await floorState(server);
    const res = await join(teams.memberA, floor.id);
    expect(res.status, res.text).to.equal(200);
    const { floor: answered, currentParticipant, rooms } = detailSchema(floorEntrySchema).parse(res.json).data;
    expect(answered).to.include({ id: floor.id, status: 'running', canManage: false, numberOfParticipants: 3 });
    expect(currentParticipant).to.include({ email: 'member@a.example', type: 'EMPLOYEE', floorId: floor.id });
    expect(currentParticipant!.permissions.speech).to.equal(true);
    expect(rooms).to.have.length(24);
    expect(rooms[0]).to.include({ number: 1, floorId: floor.id, name: 'Entrance' });
    expect(await server.models.FloorUser.count({ where: { floorId: floor.id } })).to.equal(0);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('gives the host their HOST row and room passwords; a team member not invited gets null', async () => {
    clock.set('2026-12-01T01:30:00Z');
    const room = await server.models.FloorRoom.findOne({ where: { floorId: floor.id, number: 19 } });
    await room!.update({ locked: true, password: '123456', lockedBy: teams.memberA.user.id });
    try {
      const host = detailSchema(floorEntrySchema).parse((await join(teams.ownerA, floor.id)).json).data;
      expect(host.currentParticipant).to.include({ type: 'HOST', userId: teams.ownerA.user.id });
      expect(host.floor.canManage).to.equal(true);
      expect(host.rooms.find((r) => r.number === 19)!.password).to.equal('123456');
      await server.models.FloorParticipant.destroy({ where: { floorId: floor.id, email: 'member@a.example' } });
      const res = await join(teams.memberA, floor.id);
      expect(res.status, res.text).to.equal(200);
      const member = detailSchema(floorEntrySchema).parse(res.json).data;
      expect(member.currentParticipant).to.equal(null);
      expect(member.rooms.find((r) => r.number === 19)!.password).to.equal('123456'); // they locked it
    } finally {
      await room!.update({ locked: false, password: null, lockedBy: null });
    }
  });

  it('opens an upcoming floor to its host and subhosts only', async () => {
    expect((await join(teams.ownerA, floor.id)).status).to.equal(200);
    const subhost = await join(teams.adminA, floor.id);
    expect(subhost.status, subhost.text).to.equal(200);
    expect(detailSchema(floorEntrySchema).parse(subhost.json).data.floor.canManage).to.equal(true);
    const res = await join(teams.ownerB, floor.id);
    expect(errorOf(res)).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    const early = await calls.call(teams.memberA, `/floors/${floor.id}/join`, { lang: 'en' });
    expect(errorOf(early)).to.deep.equal([403, 'FLOOR_NOT_STARTED']);
    expect(early.json.error?.message).to.contain('2026-12-01T10:00');
  });

  it('answers a finished floor with PAST_FLOOR, to the host too', async () => {
    clock.set('2026-12-01T03:00:00Z'); // 12:00 Japan time
    expect(errorOf(await join(teams.ownerA, floor.id))).to.deep.equal([410, 'PAST_FLOOR']);
    expect(errorOf(await join(teams.adminA, floor.id))).to.deep.equal([410, 'PAST_FLOOR']);
  });

  it('hides another team’s floor, a deleted or missing one, and refuses a bad id or no session', async () => {
    clock.set('2026-12-01T01:30:00Z');
    const gone = await calls.floor(teams.ownerA, { type: 2 });
    expect((await calls.remove(teams.ownerA, gone.id)).status).to.equal(200);
    const before = await floorState(server);
    expect(errorOf(await join(teams.ownerA, gone.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await join(teams.memberB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await join(teams.ownerB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await join(teams.memberA, 999_999))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await join(teams.memberA, 'abc'))).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(errorOf(await join(teams.memberA, 0))).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect((await join(null, floor.id)).status).to.equal(401);
    expect(await floorState(server)).to.deep.equal(before);
  });
});
