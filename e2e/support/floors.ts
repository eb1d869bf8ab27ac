import { expect } from 'chai';
import { linkIn, type SmtpSink } from '../../server/src/testing/smtp';
import { callApi, createAccount, type Account, type ApiServer } from './auth';

/** A verified owner with a team, and optionally a verified member who accepted the owner's invitation. */
export async function createTeam(server: ApiServer, smtp: SmtpSink, label: string, withMember: boolean) {
  const owner = await createAccount(server, smtp, `${label}-owner`, true);
  const team = await callApi(server, 'POST', '/company', { name: `${label} Co` }, owner.accessToken);
  expect(team.status, JSON.stringify(team.json)).to.equal(201);
  let member: Account | null = null;
  if (withMember) {
    member = await createAccount(server, smtp, `${label}-member`, true);
    const invited = await callApi(
      server,
      'POST',
      '/company-employees/bulk',
      { emails: [member.email] },
      owner.accessToken,
    );
    expect(invited.status).to.equal(201);
    const link = linkIn(await smtp.next(member.email), '/invitation/employee/');
    const id = new URL(link).pathname.split('/').pop();
    const accepted = await callApi(server, 'POST', `/company-employees/accept/${id}`, undefined, member.accessToken);
    expect(accepted.status, JSON.stringify(accepted.json)).to.equal(200);
  }
  return { owner, member };
}

/** A permanent floor made through the API; answers its id. */
export async function createPermanentFloor(server: ApiServer, owner: Account, title: string): Promise<number> {
  const { status, json } = await callApi(
    server,
    'POST',
    '/floors',
    { title, catchcopy: `${title} — always open`, type: 2, privacy: 'private', floorPlanId: 'office-24' },
    owner.accessToken,
  );
  expect(status, JSON.stringify(json)).to.equal(201);
  return (json.data as { id: number }).id;
}

/** "YYYY-MM-DD" in Japan time, `days` from now. */
export function japanDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
}
