import { expect } from 'chai';
import { floorSchema, MESSAGES, mutationSchema, PARTICIPANT_PERMISSIONS, ROOMS } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { actor } from '../companies/fixtures';
import { errorOf, floorBody, floorCalls, floorState, twoTeams } from './fixtures';

describe(`floors: creation and its validation (${testDialect()})`, function () {
  this.timeout(60_000);
  // Monday 30 November 2026, 09:00:30 Japan time
  const clock = new ManualClock('2026-11-30T00:00:30Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  after(() => server?.close());

  it('creates a floor of the host’s team with its 24 rooms and the host as HOST', async () => {
    const res = await calls.create(teams.ownerA, floorBody({ password: 'open sesame' }));
    expect(res.status, res.text).to.equal(201);
    expect(res.json.message).to.equal('The floor was created.');
    const floor = mutationSchema(floorSchema).parse(res.json).data;
    expect(floor).to.include({
      companyId: teams.teamA.id,
      hostId: teams.ownerA.user.id,
      title: 'All hands',
      catchcopy: 'Quarterly results',
      type: 1,
      privacy: 'public',
      hasPassword: true,
      startAt: '2026-12-01T10:00:00+09:00',
      endAt: '2026-12-01T12:00:00+09:00',
      status: 'upcoming',
      floorPlanId: 'office-24',
      numberOfParticipants: 1,
      canManage: true,
      imageUrl: null,
    });
    const row = (await server.models.Floor.findByPk(floor.id))!;
    expect(row.startAt!.toISOString()).to.equal('2026-12-01T01:00:00.000Z');
    expect(row.passwordHash).to.match(/^scrypt\$/);
    const rooms = await server.models.FloorRoom.findAll({ where: { floorId: floor.id }, order: [['number', 'ASC']] });
    expect(rooms.map((r) => [r.number, r.seat, r.locked, r.password])).to.deep.equal(
      ROOMS.map((r) => [r.number, r.seat, false, null]),
    );
    const people = await server.models.FloorParticipant.findAll({ where: { floorId: floor.id } });
    expect(people.map((p) => [p.type, p.userId, p.email, p.status])).to.deep.equal([
      ['HOST', teams.ownerA.user.id, 'owner@a.example', 'participated'],
    ]);
    for (const flag of PARTICIPANT_PERMISSIONS) {
      const column = `permission${flag[0]!.toUpperCase()}${flag.slice(1)}` as 'permissionSpeech';
      expect(people[0]![column], flag).to.equal(true);
    }
  });

  it('lets an ADMIN create; a plain member and a user without a team get 403 and nothing is created', async () => {
    expect((await calls.create(teams.adminA, floorBody())).status).to.equal(201);
    const loner = await actor(server, 'loner@example.jp');
    const before = await floorState(server);
    expect(errorOf(await calls.create(teams.memberA, floorBody()))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.create(loner, floorBody()))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.call(null, '/floors', { body: floorBody() }))).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('reads times as Japan time, takes an explicit offset as given, and drops seconds', async () => {
    const zoned = await calls.floor(teams.ownerA, { startAt: '2026-12-01T01:00:00Z', endAt: '2026-12-01T12:30+09:00' });
    expect([zoned.startAt, zoned.endAt]).to.deep.equal(['2026-12-01T10:00:00+09:00', '2026-12-01T12:30:00+09:00']);
    const seconds = await calls.floor(teams.ownerA, { startAt: '2026-12-01T10:00:45', endAt: '2026-12-01 11:15' });
    expect([seconds.startAt, seconds.endAt]).to.deep.equal(['2026-12-01T10:00:00+09:00', '2026-12-01T11:15:00+09:00']);
  });

  it('accepts a start in the current minute and a permanent floor without times', async () => {
    const now = await calls.floor(teams.ownerA, { startAt: '2026-11-30T09:00', endAt: '2026-11-30T09:01:59' });
    expect(now).to.include({
      startAt: '2026-11-30T09:00:00+09:00',
      endAt: '2026-11-30T09:01:00+09:00',
      status: 'running',
    });
    const permanent = await calls.floor(teams.ownerA, { type: 2, privacy: 'private', startAt: '2020-01-01T00:00' });
    expect(permanent).to.include({ type: 2, privacy: 'private', startAt: null, endAt: null, status: 'running' });
  });

  const long = (n: number) => 'x'.repeat(n);
  const badTime = 'Enter a valid date and time (e.g. 2026-12-01T10:00)';
  // [what, change of the body, field messages, catalogue code (VALIDATION_FAILED unless given)]: all 400
  const refusals: [string, Record<string, unknown>, Record<string, string>, string?][] = [
    ['no title', { title: undefined }, { title: 'title is required' }],
    ['a blank title', { title: '   ' }, { title: 'Floor title is required' }],
    ['a long title', { title: long(101) }, { title: 'Use at most 100 characters for the floor title' }],
    ['long details', { catchcopy: long(101) }, { catchcopy: 'Use at most 100 characters for the floor details' }],
    [
      'a long catchphrase',
      { catchphrase: long(201) },
      { catchphrase: 'Use at most 200 characters for the catchphrase' },
    ],
    [
      'a long description',
      { description: long(2001) },
      { description: 'Use at most 2000 characters for the description' },
    ],
    ['an unknown type', { type: 3 }, { type: 'Choose with time (1) or without time (2)' }],
    ['an unknown privacy', { privacy: 'secret' }, { privacy: 'Choose public or private' }],
    ['a 5-character password', { password: 'abcde' }, { password: 'Use 6 to 32 characters for the password' }],
    ['a long password', { password: long(33) }, { password: 'Use 6 to 32 characters for the password' }],
    ['no details', { catchcopy: '  ' }, { catchcopy: 'Floor details are required' }, 'FLOOR_DETAIL_REQUIRED'],
    ['no floor plan', { floorPlanId: undefined }, { floorPlanId: 'Choose a floor plan' }, 'FLOOR_PLAN_REQUIRED'],
    ['an unknown plan', { floorPlanId: 'castle' }, { floorPlanId: 'This floor plan does not exist' }],
    ['no start', { startAt: null }, { startAt: 'Start time is required' }],
    ['no end', { endAt: undefined }, { endAt: 'End time is required' }],
    ['a start that is no time', { startAt: 'tomorrow' }, { startAt: badTime }],
    ['30 February', { endAt: '2027-02-30T10:00' }, { endAt: badTime }],
    ['24:00', { endAt: '2026-12-01T24:00' }, { endAt: badTime }],
    ['a number as start', { startAt: 5 }, { startAt: 'startAt has the wrong type' }],
    ['the end at the start', { endAt: '2026-12-01T10:00' }, { endAt: 'The start must be before the end' }],
    ['the end before the start', { endAt: '2026-12-01T09:00' }, { endAt: 'The start must be before the end' }],
    ['a start a minute ago', { startAt: '2026-11-30T08:59' }, { startAt: 'The start must be now or later' }],
  ];
  for (const [what, change, fields, code = 'VALIDATION_FAILED'] of refusals) {
    it(`refuses ${what} with its message and creates nothing`, async () => {
      const before = await floorState(server);
      const res = await calls.create(teams.ownerA, floorBody(change));
      expect(res.status, res.text).to.equal(400);
      expect(res.json.error!.code).to.equal(code);
      expect(res.json.error!.fields).to.deep.equal(fields);
      expect(await floorState(server)).to.deep.equal(before);
    });
  }

  it('answers the same refusal in Japanese', async () => {
    const res = await calls.call(teams.ownerA, '/floors', { body: floorBody({ catchcopy: null }), lang: 'ja' });
    expect(res.json.error).to.deep.equal({
      code: 'FLOOR_DETAIL_REQUIRED',
      message: MESSAGES.ja['errors.FLOOR_DETAIL_REQUIRED'],
      fields: { catchcopy: 'フロア詳細は必須です' },
    });
  });
});
