import { expect } from 'chai';
import {
  floorEmployeeSchema,
  mutationSchema,
  pagedSchema,
  participantSchema,
  type FloorDto,
  type ParticipantDto,
} from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { actor } from '../companies/fixtures';
import { errorOf, floorCalls, floorState, twoTeams } from './fixtures';

describe(`floor participants: list, permissions, removal and the team picker (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floor: FloorDto;
  let invited: ParticipantDto[];
  const calls = floorCalls(() => server);
  const byEmail = (email: string) => invited.find((p) => p.email === email)!;

  before(async () => {
    server = await startTestServer();
    teams = await twoTeams(server);
    await actor(server, 'en@a.example', { employmentCompanyId: teams.teamA.id, employeeRole: 'EMPLOYEE' });
    floor = await calls.floor(teams.ownerA, { type: 2 });
    const res = await calls.register(teams.ownerA, floor.id, [
      { email: 'member@a.example', permissions: { speech: true, recording: true } },
      { email: 'en@a.example' },
      { email: 'visitor@partner.example', name: 'Ms Visitor', permissions: { receptionRoom: true } },
      { email: 'owner@b.example', permissions: { meetingRoom: true, subhost: true } },
    ]);
    invited = mutationSchema(participantSchema.array()).parse(res.json).data;
  });
  after(() => server?.close());

  it('lists the participants HOST first, to the team and to invited outsiders only', async () => {
    const res = await calls.participants(teams.ownerB, floor.id); // invited as a guest from team B
    const page = pagedSchema(participantSchema).parse(res.json);
    expect(page.data.map((p) => p.name)).to.deep.equal(['owner', 'en', 'member', 'Ms Visitor', 'owner']);
    expect(page.data[0]!.type).to.equal('HOST');
    expect([page.total, page.pageCount]).to.deep.equal([5, 1]);
    const second = pagedSchema(participantSchema).parse(
      (await calls.participants(teams.memberA, floor.id, '?limit=2&page=2')).json,
    );
    expect([second.count, second.pageCount, second.data[0]!.name]).to.deep.equal([2, 3, 'member']);
    expect(errorOf(await calls.participants(teams.memberB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.participant(teams.memberB, byEmail('member@a.example').id))).to.deep.equal([
      404,
      'PARTICIPANT_NOT_FOUND',
    ]);
    const one = await calls.participant(teams.memberA, byEmail('member@a.example').id);
    expect(participantSchema.parse(one.json.data).permissions).to.include({
      speech: true,
      recording: true,
      subhost: false,
    });
  });

  it('lets the host and a subhost change permissions; the HOST row is fixed; others are refused', async () => {
    const visitor = byEmail('visitor@partner.example').id;
    const res = await calls.permit(teams.ownerA, visitor, { meetingRoom: true, receptionRoom: false });
    expect(res.json.message).to.equal("The participant's permissions were updated.");
    expect(mutationSchema(participantSchema).parse(res.json).data.permissions).to.deep.equal({
      speech: false,
      subhost: false,
      meetingRoom: true,
      receptionRoom: false,
      conference: false,
      recording: false,
    });
    // owner B was made subhost of this floor: may manage it, though from another team
    expect((await calls.permit(teams.ownerB, visitor, { conference: true })).status).to.equal(200);
    const host = (await server.models.FloorParticipant.findOne({ where: { floorId: floor.id, type: 'HOST' } }))!;
    const before = await floorState(server);
    expect(errorOf(await calls.permit(teams.ownerA, host.id, { speech: false }))).to.deep.equal([
      409,
      'HOST_PARTICIPANT_FIXED',
    ]);
    expect(errorOf(await calls.dismiss(teams.ownerA, host.id))).to.deep.equal([409, 'HOST_PARTICIPANT_FIXED']);
    expect(errorOf(await calls.permit(teams.memberA, visitor, { speech: true }))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.permit(teams.memberB, visitor, { speech: true }))).to.deep.equal([
      404,
      'PARTICIPANT_NOT_FOUND',
    ]);
    expect(errorOf(await calls.permit(teams.ownerA, visitor, { speech: 'yes' }))).to.deep.equal([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(errorOf(await calls.dismiss(teams.memberB, visitor))).to.deep.equal([404, 'PARTICIPANT_NOT_FOUND']);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('removes a participant', async () => {
    const visitor = byEmail('visitor@partner.example').id;
    const res = await calls.dismiss(teams.ownerA, visitor);
    expect([res.status, res.json.message]).to.deep.equal([200, 'The participant was removed.']);
    expect(await server.models.FloorParticipant.findByPk(visitor)).to.equal(null);
    expect(errorOf(await calls.participant(teams.ownerA, visitor))).to.deep.equal([404, 'PARTICIPANT_NOT_FOUND']);
  });

  it('offers the caller’s team members for the team member tab, marking those already on the floor', async () => {
    const res = await calls.employees(teams.ownerA, `?floorId=${floor.id}`);
    const page = pagedSchema(floorEmployeeSchema).parse(res.json);
    expect(page.data.map((e) => [e.email, e.invited])).to.deep.equal([
      ['admin@a.example', false],
      ['en@a.example', true],
      ['member@a.example', true],
    ]);
    const plain = pagedSchema(floorEmployeeSchema).parse((await calls.employees(teams.memberA)).json);
    expect(plain.data.map((e) => [e.email, e.invited])).to.deep.equal([
      ['admin@a.example', false],
      ['en@a.example', false],
      ['owner@a.example', false],
    ]);
    const loner = await actor(server, 'loner@x.example');
    expect(errorOf(await calls.employees(loner))).to.deep.equal([404, 'TEAM_NOT_FOUND']);
    expect(errorOf(await calls.employees(teams.memberB, `?floorId=${floor.id}`))).to.deep.equal([
      404,
      'FLOOR_NOT_FOUND',
    ]);
  });
});
