import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { actor, registerTeam, type Actor } from '../companies/fixtures';
import { invitationCalls } from './invitation.testing';

describe(`team member invitations sent at the same moment (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  const { invite } = invitationCalls(() => server);
  const pending = (companyId: number) =>
    server.models.EmployeeInvitation.count({ where: { companyId, status: 'pending' } });

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('fills the 4 free seats of a Starter team exactly; the other lists get the plan limit, not a 500', async () => {
    const owner: Actor = await actor(server, 'owner@race.example');
    const { id } = await registerTeam(server, owner, 'Race team');
    const lists = [0, 1, 2, 3].map((n) => [`a${n}@race.example`, `b${n}@race.example`]);
    const answers = await Promise.all(lists.map((emails) => invite(owner, emails)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([201, 201, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.json.error!.code).to.equal('PLAN_LIMIT_REACHED');
    }
    expect(await pending(id)).to.equal(4);
  });

  it('invites an address sent twice at once only once; the second answer names it as already invited', async () => {
    const owner: Actor = await actor(server, 'owner@twice.example');
    const { id } = await registerTeam(server, owner, 'Twice team');
    const answers = await Promise.all([1, 2].map(() => invite(owner, ['same@twice.example'])));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([201, 400]);
    const refused = answers.find((res) => res.status === 400)!;
    expect(refused.json.error!.fields).to.deep.equal({ 'emails.0': 'same@twice.example has already been invited' });
    expect(await pending(id)).to.equal(1);
  });
});
