import { expect } from 'chai';
import { floorSchema, mutationSchema, type FloorDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { upload } from '../companies/fixtures';
import { jpeg } from '../uploads/test-images';
import { errorOf, floorBody, floorCalls, floorState, twoTeams } from './fixtures';

describe(`floors: edit, status by time, delete, duplicate and image (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z'); // 09:00 Japan time
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floor: FloorDto;
  const calls = floorCalls(() => server);
  const detail = async (id = floor.id) => floorSchema.parse((await calls.get(teams.ownerA, id)).json.data);

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    floor = await calls.floor(teams.ownerA);
  });
  after(() => server?.close());
  afterEach(() => clock.set('2026-11-30T00:00:00Z'));

  it('derives upcoming, running and finished from the clock', async () => {
    expect((await detail()).status).to.equal('upcoming');
    clock.set('2026-12-01T00:59:59Z');
    expect((await detail()).status).to.equal('upcoming');
    clock.set('2026-12-01T01:00:00Z');
    expect((await detail()).status).to.equal('running');
    clock.set('2026-12-01T02:59:59Z');
    expect((await detail()).status).to.equal('running');
    clock.set('2026-12-01T03:00:00Z');
    expect((await detail()).status).to.equal('finished');
  });

  it('lets the host edit any subset; the answer and the row agree', async () => {
    const res = await calls.update(teams.ownerA, floor.id, {
      title: 'All hands Q4',
      catchphrase: null,
      password: 'secret!',
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.message).to.equal('The floor was updated.');
    const data = mutationSchema(floorSchema).parse(res.json).data;
    expect(data).to.include({
      title: 'All hands Q4',
      catchphrase: null,
      catchcopy: 'Quarterly results',
      hasPassword: true,
    });
    expect(data.startAt).to.equal('2026-12-01T10:00:00+09:00');
    const removed = await calls.update(teams.ownerA, floor.id, { password: null });
    expect(mutationSchema(floorSchema).parse(removed.json).data.hasPassword).to.equal(false);
  });

  it('keeps the saved start as the earliest start on edit, even once the floor is running', async () => {
    clock.set('2026-12-01T01:30:00Z'); // running since 10:00 Japan time
    const later = await calls.update(teams.ownerA, floor.id, { endAt: '2026-12-01T13:00' });
    expect(later.status, later.text).to.equal(200);
    const before = await floorState(server);
    const earlier = await calls.update(teams.ownerA, floor.id, { startAt: '2026-12-01T09:59' });
    expect(earlier.json.error).to.deep.include({ code: 'VALIDATION_FAILED' });
    expect(earlier.json.error!.fields).to.deep.equal({
      startAt: 'The start cannot be earlier than the saved start (2026-12-01T10:00:00+09:00)',
    });
    const inverted = await calls.update(teams.ownerA, floor.id, { endAt: '2026-12-01T10:00' });
    expect(inverted.json.error!.fields).to.deep.equal({ endAt: 'The start must be before the end' });
    const blank = await calls.update(teams.ownerA, floor.id, { title: '' });
    expect(blank.json.error!.fields).to.deep.equal({ title: 'Floor title is required' });
    expect(errorOf(await calls.update(teams.ownerA, floor.id, { catchcopy: null }))).to.deep.equal([
      400,
      'FLOOR_DETAIL_REQUIRED',
    ]);
    expect(errorOf(await calls.update(teams.ownerA, floor.id, { floorPlanId: null }))).to.deep.equal([
      400,
      'FLOOR_PLAN_REQUIRED',
    ]);
    expect(await floorState(server)).to.deep.equal(before);
    const moved = await calls.update(teams.ownerA, floor.id, { startAt: '2026-12-01T10:15' });
    expect(mutationSchema(floorSchema).parse(moved.json).data.startAt).to.equal('2026-12-01T10:15:00+09:00');
  });

  it('turns a permanent floor into one with time under the "now or later" rule, and back', async () => {
    const permanent = await calls.floor(teams.ownerA, { type: 2 });
    const past = await calls.update(teams.ownerA, permanent.id, {
      type: 1,
      startAt: '2026-11-30T08:00',
      endAt: '2026-11-30T10:00',
    });
    expect(past.json.error!.fields).to.deep.equal({ startAt: 'The start must be now or later' });
    const timed = await calls.update(teams.ownerA, permanent.id, {
      type: 1,
      startAt: '2026-11-30T09:00',
      endAt: '2026-11-30T10:00',
    });
    expect(mutationSchema(floorSchema).parse(timed.json).data).to.include({ type: 1, status: 'running' });
    const back = await calls.update(teams.ownerA, permanent.id, { type: 2 });
    expect(mutationSchema(floorSchema).parse(back.json).data).to.include({ type: 2, startAt: null, endAt: null });
  });

  it('lets a subhost edit; a plain member gets 403, another team 404 like a missing floor', async () => {
    const added = await calls.register(teams.ownerA, floor.id, [
      { email: 'admin@a.example', permissions: { subhost: true } },
      { email: 'member@a.example' },
    ]);
    expect(added.status, added.text).to.equal(201);
    expect((await calls.update(teams.adminA, floor.id, { title: 'By the subhost' })).status).to.equal(200);
    const before = await floorState(server);
    expect(errorOf(await calls.update(teams.memberA, floor.id, { title: 'x' }))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.remove(teams.memberA, floor.id))).to.deep.equal([403, 'FORBIDDEN']);
    const theirs = await calls.update(teams.ownerB, floor.id, { title: 'x' });
    const missing = await calls.update(teams.ownerB, 999_999, { title: 'x' });
    expect(errorOf(theirs)).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(theirs.json).to.deep.equal(missing.json);
    expect(errorOf(await calls.get(teams.memberB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.remove(teams.ownerB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(await floorState(server)).to.deep.equal(before);
    // a plain member of the team sees the floor but may not manage it
    expect(floorSchema.parse((await calls.get(teams.memberA, floor.id)).json.data).canManage).to.equal(false);
  });

  it('duplicates a floor with its image, plan and room settings, under new times and texts', async () => {
    const image = { bytes: jpeg(), name: 'x.jpg', type: 'image/jpeg' };
    expect((await upload(server, `/api/floors/${floor.id}/image`, teams.ownerA, image)).status).to.equal(200);
    const room7 = (await server.models.FloorRoom.findOne({ where: { floorId: floor.id, number: 7 } }))!;
    await room7.update({ seat: 12, saveChat: true, locked: true, password: '123456' });
    const res = await calls.duplicate(teams.ownerA, {
      id: floor.id,
      ...floorBody({ title: 'All hands (copy)', startAt: '2026-12-08T10:00', endAt: '2026-12-08T12:00' }),
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.json.message).to.equal('The floor was duplicated.');
    const copy = mutationSchema(floorSchema).parse(res.json).data;
    const source = await detail();
    expect(copy.id).to.not.equal(floor.id);
    expect(copy).to.include({
      title: 'All hands (copy)',
      startAt: '2026-12-08T10:00:00+09:00',
      numberOfParticipants: 1,
    });
    expect(copy.imageUrl).to.match(/^\/api\/files\/[0-9a-f]{32}\.jpg$/);
    expect(copy.imageUrl).to.not.equal(source.imageUrl);
    const copied = (await server.models.FloorRoom.findOne({ where: { floorId: copy.id, number: 7 } }))!;
    expect([copied.seat, copied.saveChat, copied.locked, copied.password]).to.deep.equal([12, true, false, null]);

    const before = await floorState(server);
    const refused = await calls.duplicate(teams.ownerA, {
      id: floor.id,
      ...floorBody({ startAt: '2026-11-29T10:00' }),
    });
    expect(refused.json.error!.fields).to.deep.equal({ startAt: 'The start must be now or later' });
    expect(errorOf(await calls.duplicate(teams.memberA, { id: floor.id, ...floorBody() }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    expect(errorOf(await calls.duplicate(teams.ownerB, { id: floor.id, ...floorBody() }))).to.deep.equal([
      404,
      'FLOOR_NOT_FOUND',
    ]);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it("refuses a subhost from another team a copy in the floor's team: no floor is created", async () => {
    const invited = await calls.register(teams.ownerA, floor.id, [
      { email: teams.memberB.user.email, permissions: { subhost: true } },
    ]);
    expect(invited.status, invited.text).to.equal(201);
    const before = await floorState(server);
    expect(errorOf(await calls.duplicate(teams.memberB, { id: floor.id, ...floorBody() }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('deletes softly: the floor answers 404 and leaves the lists, its row stays', async () => {
    const doomed = await calls.floor(teams.ownerA, { title: 'Doomed' });
    const res = await calls.remove(teams.ownerA, doomed.id);
    expect(res.status).to.equal(200);
    expect(res.json).to.deep.equal({ data: { id: doomed.id }, message: 'The floor was deleted.' });
    expect(errorOf(await calls.get(teams.ownerA, doomed.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.rooms(teams.ownerA, doomed.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    const hosted = await calls.call(teams.ownerA, '/floors/hosted?limit=100');
    expect((hosted.json.data as FloorDto[]).map((f) => f.id)).to.not.include(doomed.id);
    const row = await server.models.Floor.findByPk(doomed.id, { paranoid: false });
    expect(row!.deletedAt).to.be.instanceOf(Date);
    expect(await server.models.FloorRoom.count({ where: { floorId: doomed.id } })).to.equal(24);
  });
});
