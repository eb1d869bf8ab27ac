import { expect } from 'chai';
import { existedEmployeeAnswerSchema, mutationSchema, participantSchema, teamMemberSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { actor, type Actor } from '../companies/fixtures';
import { errorOf, floorCalls, floorState, twoTeams } from './fixtures';

describe(`company employees and floors: existed-employee, check-employee, bulk-floor (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const post = (who: Actor, path: string, body: unknown, lang = 'en') =>
    calls.call(who, `/company-employees/${path}`, { body, lang });

  beforeEach(async () => {
    server = await startTestServer();
    teams = await twoTeams(server);
  });
  afterEach(async () => {
    await server?.close();
  });

  it('tells whether an address is a member of the caller’s team, never of another team', async () => {
    const yes = await post(teams.ownerA, 'existed-employee', { email: 'Member@A.example' });
    expect(yes.status, yes.text).to.equal(200);
    expect(mutationSchema(existedEmployeeAnswerSchema).parse(yes.json)).to.deep.equal({
      data: {
        email: 'member@a.example',
        existed: true,
        employee: { id: teams.memberA.user.id, name: 'member', email: 'member@a.example' },
      },
      message: 'member@a.example is a member of your team',
    });
    const other = await post(teams.ownerA, 'existed-employee', { email: 'member@b.example' }, 'ja');
    expect(other.json.data).to.deep.equal({ email: 'member@b.example', existed: false, employee: null });
    expect(other.json.message).to.equal('member@b.example はチームのメンバーではありません');
    const bad = await post(teams.ownerA, 'existed-employee', { email: 'nope' });
    expect(errorOf(bad)).to.deep.equal([400, 'VALIDATION_FAILED']);
    const outsider = await actor(server, 'solo@example.com');
    expect(errorOf(await post(outsider, 'existed-employee', { email: 'member@a.example' }))).to.deep.equal([
      404,
      'TEAM_NOT_FOUND',
    ]);
  });

  it('checks a list: members answered, each outsider named under its index (en and ja), an empty list refused', async () => {
    const ok = await post(teams.adminA, 'check-employee', { emails: ['member@a.example', 'owner@a.example'] });
    expect(ok.status, ok.text).to.equal(200);
    expect(
      mutationSchema(teamMemberSchema.array())
        .parse(ok.json)
        .data.map((m) => m.id),
    ).to.deep.equal([teams.memberA.user.id, teams.ownerA.user.id]);
    expect(ok.json.message).to.equal('All 2 addresses are team members');
    const res = await post(teams.ownerA, 'check-employee', { emails: ['member@a.example', 'member@b.example'] });
    expect(errorOf(res)).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(res.json.error!.fields).to.deep.equal({ 'emails.1': 'member@b.example is not a member of the team' });
    const ja = await post(teams.ownerA, 'check-employee', { emails: ['x@y.example'] }, 'ja');
    expect(ja.json.error!.fields).to.deep.equal({ 'emails.0': 'x@y.example はチームのメンバーではありません' });
    expect(errorOf(await post(teams.ownerA, 'check-employee', { emails: [] }))).to.deep.equal([
      400,
      'EMPTY_INVITATION_LIST',
    ]);
  });

  it('invites the whole team to a floor with the given flags, skipping the host and those already invited', async () => {
    const floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    await calls.register(teams.ownerA, floorId, [{ email: 'admin@a.example' }]);
    const limited = await actor(server, 'limited@a.example', {
      employmentCompanyId: teams.teamA.id,
      employeeRole: 'LIMITED_USER',
    });
    const res = await post(teams.ownerA, 'bulk-floor', { floorId, permissions: { meetingRoom: true } });
    expect(res.status, res.text).to.equal(201);
    const created = mutationSchema(participantSchema.array()).parse(res.json).data;
    expect(created.map((p) => [p.email, p.type, p.permissions.meetingRoom, p.permissions.subhost])).to.deep.equal([
      ['member@a.example', 'EMPLOYEE', true, false],
      [limited.user.email, 'EMPLOYEE', true, false],
    ]);
    expect(res.json.message).to.equal('Sent 2 floor invitation e-mail(s).');
    expect(errorOf(await post(teams.ownerA, 'bulk-floor', { floorId }))).to.deep.equal([400, 'EMPTY_INVITATION_LIST']);
  });

  it('refuses bulk-floor to another team’s host and to a plain member, changing nothing', async () => {
    const floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    const before = await floorState(server);
    expect(errorOf(await post(teams.ownerB, 'bulk-floor', { floorId }))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await post(teams.memberA, 'bulk-floor', { floorId }))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await post(teams.ownerA, 'bulk-floor', { floorId: 'x' }))).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(await floorState(server)).to.deep.equal(before);
  });
});
