import net from 'node:net';
import { expect } from 'chai';
import { companySchema, invitationCheckSchema, invitationListCheckSchema, PLANS } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp';
import { actor, api, as, dbState, registerTeam, type Actor } from '../companies/fixtures';
import { invitationCalls, invitationLink } from './invitation.testing';

describe(`team member invitations: plan limits, expiry and re-send (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let owner: Actor;
  let teamId: number;
  let c1Invitee: Actor; // has an account with the address of the first invitation
  const { invite, checkList, resend, check, accept, list } = invitationCalls(() => server);
  const invitationOf = async (email: string) =>
    (await server.models.EmployeeInvitation.findOne({ where: { email, companyId: teamId } }))!;
  const team = async () => companySchema.parse((await api(server, `/api/company/${teamId}`, as(owner))).json.data);

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url });
    owner = await actor(server, 'owner@c.example', { name: 'Chika' });
    teamId = (await registerTeam(server, owner, 'Team C')).id;
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('POST check tells the seats left; bulk fills the Starter plan (5); one more is refused naming 5', async () => {
    const four = ['c1@example.jp', 'c2@example.jp', 'c3@example.jp', 'c4@example.jp'];
    const dry = await checkList(owner, four);
    expect(dry.status).to.equal(200);
    expect(invitationListCheckSchema.parse(dry.json.data)).to.deep.equal({ emails: four, seatsLeft: 0 });
    expect(dry.json.message).to.equal('Every address can be invited (0 seat(s) left).');
    expect(await server.models.EmployeeInvitation.count()).to.equal(0);

    expect((await invite(owner, four)).status).to.equal(201);
    for (const email of four) expect((await smtp.next(email)).subject).to.contain('Team C');
    expect(await team()).to.include({ plan: 'starter', maxEmployee: 5, numberOfEmployees: 1, pendingInvitations: 4 });

    const before = await dbState(server);
    const res = await invite(owner, ['c5@example.jp']);
    expect(res.status).to.equal(409);
    expect(res.json.error).to.deep.equal({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows at most 5 team members.',
    });
    expect(await dbState(server)).to.deep.equal(before);
  });

  it('an expired link: the check says so, accepting is refused (410), its seat is free until re-sent', async () => {
    const c1 = await invitationOf('c1@example.jp');
    await c1.update({ expiresAt: new Date(Date.now() - 60_000) });
    const checked = invitationCheckSchema.parse((await check(c1.id, 'c1@example.jp')).json.data);
    expect(checked).to.deep.equal({ status: 'expired', companyName: 'Team C', email: 'c1@example.jp' });

    c1Invitee = await actor(server, 'c1@example.jp');
    const before = await dbState(server);
    const res = await accept(c1Invitee, c1.id, 'ja');
    expect(res.status).to.equal(410);
    expect(res.json.error).to.deep.equal({
      code: 'EXPIRED_INVITATION_URL',
      message: '招待 URL の有効期限が切れています。',
    });
    // Inviting the address again is refused: the expired invitation is re-sent instead.
    const again = await invite(owner, ['c1@example.jp']);
    expect(again.json.error!.fields).to.deep.equal({ 'emails.0': 'c1@example.jp has already been invited' });
    expect(await dbState(server)).to.deep.equal(before);

    expect(await team()).to.include({ numberOfEmployees: 1, pendingInvitations: 3 });
    const rows = (await list(owner)).page!.data;
    expect(rows.find((r) => r.email === 'c1@example.jp')).to.include({ status: 'pending' });
    expect((await invite(owner, ['c5@example.jp'])).status).to.equal(201);
    await smtp.next('c5@example.jp');

    const full = await dbState(server);
    const refused = await resend(owner, c1.id);
    expect(refused.status).to.equal(409);
    expect(refused.json.error!.message).to.equal('Your plan allows at most 5 team members.');
    expect(await dbState(server)).to.deep.equal(full);
  });

  it("re-send mails the same link again in the recipient's language and renews the 7 days", async () => {
    await actor(server, 'c2@example.jp', { locale: 'en' });
    const c2 = await invitationOf('c2@example.jp');
    await c2.update({ expiresAt: new Date(Date.now() + 86_400_000) });
    const res = await resend(owner, c2.id, 'ja');
    expect(res.status).to.equal(200);
    expect(res.json.message).to.equal('招待メールを再送信しました。');
    const mail = await smtp.next('c2@example.jp');
    expect(mail.subject).to.equal('Chika invited you to Team C on Tsudoi');
    expect(invitationLink(server, mail)).to.deep.equal({ id: c2.id, email: 'c2@example.jp' });
    await c2.reload();
    expect((c2.expiresAt.getTime() - Date.now()) / 86_400_000).to.be.within(6.99, 7.01);
    expect((await resend(owner, 999_999)).json.error!.code).to.equal('RESEND_INVITATION_FAILED');
  });

  it('on the Business plan (25) the expired invitation is re-sent and accepted; 25 is then the limit', async () => {
    await server.models.Company.update(
      { plan: 'business', maxEmployee: PLANS.business.maxEmployee },
      { where: { id: teamId } },
    );
    const c1 = await invitationOf('c1@example.jp');
    expect((await resend(owner, c1.id)).status).to.equal(200);
    const link = invitationLink(server, await smtp.next('c1@example.jp'));
    expect(invitationCheckSchema.parse((await check(link.id, link.email)).json.data).status).to.equal('valid');
    expect((await accept(c1Invitee, link.id)).status).to.equal(200);
    expect(await team()).to.include({ plan: 'business', numberOfEmployees: 2, pendingInvitations: 4 });

    const extra = Array.from({ length: 18 }, (_, i) => ({
      name: `Member ${i}`,
      email: `m${i}@c.example`,
      passwordHash: null,
      verifiedAt: new Date(),
      employmentCompanyId: teamId,
      employeeRole: 'EMPLOYEE' as const,
    }));
    await server.models.User.bulkCreate(extra);
    const before = await dbState(server); // 20 members + 4 invited = 24 of 25
    const two = await invite(owner, ['d1@example.jp', 'd2@example.jp'], 'ja');
    expect(two.status).to.equal(409);
    expect(two.json.error!.message).to.equal('ご利用のプランではチームメンバーは最大 25 人までです。');
    expect(await dbState(server)).to.deep.equal(before);
    expect((await invite(owner, ['d1@example.jp'])).status).to.equal(201);
    await smtp.next('d1@example.jp');
    expect(await team()).to.include({ numberOfEmployees: 20, pendingInvitations: 5 });
  });
});

describe(`team member invitations when the mail server is down (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Actor;
  const { invite, resend } = invitationCalls(() => server);

  before(async () => {
    // A loopback port nobody listens on: the SMTP connection is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    owner = await actor(server, 'owner@d.example');
    await registerTeam(server, owner, 'Team D');
  });
  after(() => server?.close());

  it('keeps the invitations and names the addresses not mailed; a failed re-send changes nothing', async () => {
    const res = await invite(owner, ['e1@example.jp', 'e2@example.jp']);
    expect(res.status).to.equal(201);
    expect(res.json.message).to.equal(
      'The invitations were saved, but the e-mail could not be sent to: e1@example.jp, e2@example.jp. ' +
        'Re-send them from the member list.',
    );
    const e1 = (await server.models.EmployeeInvitation.findOne({ where: { email: 'e1@example.jp' } }))!;
    expect(e1.status).to.equal('pending');
    await e1.update({ expiresAt: new Date(Date.now() + 3_600_000) });
    const before = await dbState(server);
    const again = await resend(owner, e1.id, 'ja');
    expect(again.status).to.equal(400);
    expect(again.json.error).to.deep.equal({
      code: 'RESEND_INVITATION_FAILED',
      message: '招待の再送信に失敗しました。',
    });
    expect(await dbState(server)).to.deep.equal(before);
  });
});
