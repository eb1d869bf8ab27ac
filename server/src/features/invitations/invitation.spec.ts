import { expect } from 'chai';
import {
  companySchema,
  employeeRowSchema,
  invitationAcceptedSchema,
  invitationCheckSchema,
  userSchema,
} from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp';
import { actor, api, as, dbState, registerTeam, type Actor } from '../companies/fixtures';
import { invitationCalls, invitationLink } from './invitation.testing';

describe(`team member invitations: bulk invite, mail, check, accept (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let owner: Actor; // owner of Team A, English
  let teamId: number;
  let plain: Actor; // a plain EMPLOYEE of Team A
  let ken: Actor; // has an account, Japanese, no team
  let otherOwner: Actor; // owner of Team B
  let loner: Actor; // verified, no team
  let newbieLink: { id: number; email: string }; // from the mail to a person without an account
  const calls = invitationCalls(() => server);
  const { invite, resend, check, accept, list } = calls;
  /** No mail reached any of these addresses. */
  const noMailTo = (...emails: string[]) =>
    expect(smtp.mails.filter((m) => emails.some((e) => m.to.includes(e))).map((m) => m.to)).to.deep.equal([]);

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url });
    owner = await actor(server, 'owner@a.example', { locale: 'en' });
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    plain = await actor(server, 'plain@a.example', { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
    ken = await actor(server, 'ken@example.jp', { name: 'Ken Sato', locale: 'ja' });
    otherOwner = await actor(server, 'owner@b.example');
    await registerTeam(server, otherOwner, 'Team B');
    loner = await actor(server, 'loner@example.jp');
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("invites in bulk; each mail is in the recipient's language and its link is checked and accepted", async () => {
    const res = await invite(owner, [' Ken@Example.JP ', 'newbie@example.jp']);
    expect(res.status).to.equal(201);
    expect(res.json.message).to.equal('Sent 2 invitation e-mail(s).');
    const rows = employeeRowSchema.array().parse(res.json.data);
    expect(rows.map((r) => [r.email, r.status, r.role])).to.deep.equal([
      ['ken@example.jp', 'pending', 'EMPLOYEE'],
      ['newbie@example.jp', 'pending', 'EMPLOYEE'],
    ]);
    const days = (Date.parse(rows[0]!.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).to.be.within(6.99, 7.01);

    // Ken has a Japanese account: Japanese mail. The newcomer has none: the inviter's language.
    const kenMail = await smtp.next('ken@example.jp');
    expect(kenMail.subject).to.equal('owner さんから Team A への招待が届いています');
    expect(kenMail.text).to.contain('招待の有効期限は 7 日間です。');
    const newbieMail = await smtp.next('newbie@example.jp');
    expect(newbieMail.subject).to.equal('owner invited you to Team A on Tsudoi');
    newbieLink = invitationLink(server, newbieMail);
    expect(newbieLink).to.deep.equal({ id: rows[1]!.id, email: 'newbie@example.jp' });

    const link = invitationLink(server, kenMail);
    expect(link).to.deep.equal({ id: rows[0]!.id, email: 'ken@example.jp' });
    const checked = await check(link.id, link.email);
    expect(checked.status).to.equal(200);
    expect(invitationCheckSchema.parse(checked.json.data)).to.deep.equal({
      status: 'valid',
      companyName: 'Team A',
      email: 'ken@example.jp',
    });

    const accepted = await accept(ken, link.id, 'ja');
    expect(accepted.status).to.equal(200);
    expect(accepted.json.message).to.equal('「Team A」に参加しました。');
    const { user, company } = invitationAcceptedSchema.parse(accepted.json.data);
    expect(user).to.include({
      id: ken.user.id,
      employmentCompanyId: teamId,
      employeeRole: 'EMPLOYEE',
      companyId: null,
    });
    expect(company).to.include({ id: teamId, numberOfEmployees: 3, pendingInvitations: 1 });
    await ken.user.reload();
    expect(ken.user).to.include({ employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
    const row = await server.models.EmployeeInvitation.findByPk(link.id);
    expect(row).to.include({ status: 'accepted' });
    expect(row!.acceptedAt).to.be.instanceOf(Date);
    expect(invitationCheckSchema.parse((await check(link.id, link.email)).json.data).status).to.equal('accepted');
  });

  it('a newcomer signs up with the invited address, confirms it, then accepts through the mailed link', async () => {
    const link = newbieLink;
    expect(invitationCheckSchema.parse((await check(link.id, link.email)).json.data).status).to.equal('valid');

    const password = 'newbie-pass-42';
    const signup = await api(server, '/api/auth/signup', {
      lang: 'en',
      body: { name: 'Newbie', email: link.email, password, passwordConfirmation: password, agreeTerms: true },
    });
    expect(signup.status).to.equal(201);
    const newbie: Actor = {
      user: (await server.models.User.findByPk(userSchema.parse(signup.json.data).id))!,
      headers: { Authorization: `Bearer ${(signup.json.token as { accessToken: string }).accessToken}` },
    };
    const unverified = await accept(newbie, link.id);
    expect(unverified.status).to.equal(403);
    expect(unverified.json.error!.code).to.equal('EMAIL_NOT_VERIFIED');

    const verify = linkIn(await smtp.next(link.email, /Confirm your e-mail/), '/token/verify/');
    const token = verify.split('/').pop()!;
    expect((await api(server, '/api/tokens/verify', { body: { token } })).status).to.equal(200);
    const res = await accept(newbie, link.id);
    expect(res.status).to.equal(200);
    expect(res.json.message).to.equal('You joined "Team A".');
    expect(invitationAcceptedSchema.parse(res.json.data).company).to.include({
      numberOfEmployees: 4,
      pendingInvitations: 0,
    });
  });

  it('lists the team with the owner first, then by name, pending invitations included, paged', async () => {
    await invite(owner, ['aaron@example.jp']);
    await smtp.next('aaron@example.jp');
    const { status, page } = await list(plain); // a plain member may see the list
    expect(status).to.equal(200);
    expect(page!.data.map((r) => [r.email, r.role, r.status])).to.deep.equal([
      ['owner@a.example', 'OWNER', 'active'],
      ['aaron@example.jp', 'EMPLOYEE', 'pending'],
      ['ken@example.jp', 'EMPLOYEE', 'active'],
      ['newbie@example.jp', 'EMPLOYEE', 'active'],
      ['plain@a.example', 'EMPLOYEE', 'active'],
    ]);
    expect(page).to.include({ count: 5, total: 5, pageCount: 1, page: 1 });
    const second = await list(owner, '?page=2&limit=2');
    expect(second.page!.data.map((r) => r.email)).to.deep.equal(['ken@example.jp', 'newbie@example.jp']);
    expect(second.page).to.include({ count: 2, total: 5, pageCount: 3, page: 2 });
    const pending = page!.data[1]!;
    expect(pending.expiresAt).to.be.a('string');
    expect(page!.data[0]!.expiresAt).to.equal(null);

    const theirs = await list(otherOwner);
    expect(theirs.page!.data.map((r) => r.email)).to.deep.equal(['owner@b.example']);
    const none = await list(loner);
    expect(none.status).to.equal(404);
    expect(none.json.error!.code).to.equal('TEAM_NOT_FOUND');
  });

  it('refuses bad lists with a message per bad entry, creating nothing and mailing nobody', async () => {
    const before = await dbState(server);
    const empty = await invite(owner, []);
    expect(empty.status).to.equal(400);
    expect(empty.json.error).to.deep.equal({ code: 'EMPTY_INVITATION_LIST', message: 'The invitation list is empty.' });
    const emptyJa = await invite(owner, [], 'ja');
    expect(emptyJa.json.error!.message).to.equal('招待リストが空です。');

    const missing = await invite(owner, undefined);
    expect(missing.json.error!.fields).to.deep.equal({ emails: 'emails is required' });
    const malformed = await invite(owner, ['fine@example.jp', 'not-an-email']);
    expect(malformed.status).to.equal(400);
    expect(malformed.json.error!.fields).to.deep.equal({ 'emails.1': 'Enter a valid email address' });

    const res = await invite(owner, [
      'fresh@example.jp',
      'Fresh@example.jp',
      'owner@a.example',
      'ken@example.jp',
      'aaron@example.jp',
      'other@example.jp',
    ]);
    expect(res.status).to.equal(400);
    expect(res.json.error!.code).to.equal('VALIDATION_FAILED');
    expect(res.json.error!.fields).to.deep.equal({
      'emails.1': 'fresh@example.jp appears more than once in the list',
      'emails.2': 'You cannot invite yourself (owner@a.example)',
      'emails.3': 'ken@example.jp is already a member of the team',
      'emails.4': 'aaron@example.jp has already been invited',
    });
    const ja = await invite(owner, ['aaron@example.jp'], 'ja');
    expect(ja.json.error!.fields).to.deep.equal({ 'emails.0': 'aaron@example.jp はすでに招待済みです' });

    const dry = await calls.checkList(owner, ['owner@a.example']);
    expect(dry.json.error!.fields).to.deep.equal({ 'emails.0': 'You cannot invite yourself (owner@a.example)' });
    expect(await dbState(server)).to.deep.equal(before);
    noMailTo('fresh@example.jp', 'other@example.jp', 'fine@example.jp', 'aaron@example.jp');
  });

  it('refuses a list beyond the Starter plan (4 members + 1 invited of 5) with the limit in the message', async () => {
    const before = await dbState(server);
    const res = await invite(owner, ['one@example.jp']);
    expect(res.status).to.equal(409);
    expect(res.json.error).to.deep.equal({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows at most 5 team members.',
    });
    const ja = await calls.checkList(owner, ['one@example.jp'], 'ja');
    expect(ja.json.error).to.deep.equal({
      code: 'PLAN_LIMIT_REACHED',
      message: 'ご利用のプランではチームメンバーは最大 5 人までです。',
    });
    expect(await dbState(server)).to.deep.equal(before);
    noMailTo('one@example.jp');
  });

  it('refuses members who may not invite, outsiders, unconfirmed accounts and admin tokens, changing nothing', async () => {
    const unverified = await actor(server, 'unverified@a.example', {
      verifiedAt: null,
      employmentCompanyId: teamId,
      employeeRole: 'ADMIN',
    });
    const admin = await actor(server, 'root@platform.example', { type: 'admin' });
    const aaron = (await server.models.EmployeeInvitation.findOne({ where: { email: 'aaron@example.jp' } }))!;
    const before = await dbState(server);
    const code = async (p: Promise<{ status: number; json: { error?: { code: string } } }>) => {
      const res = await p;
      return [res.status, res.json.error?.code];
    };
    expect(await code(invite(plain, ['x@example.jp']))).to.deep.equal([403, 'FORBIDDEN']);
    expect(await code(calls.checkList(plain, ['x@example.jp']))).to.deep.equal([403, 'FORBIDDEN']);
    expect(await code(resend(plain, aaron.id))).to.deep.equal([403, 'FORBIDDEN']);
    expect(await code(invite(loner, ['x@example.jp']))).to.deep.equal([404, 'TEAM_NOT_FOUND']);
    expect(await code(invite(unverified, ['x@example.jp']))).to.deep.equal([403, 'EMAIL_NOT_VERIFIED']);
    expect(await code(invite(admin, ['x@example.jp']))).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await code(list(admin))).to.deep.equal([401, 'UNAUTHORIZED']);
    const anonymous = { user: owner.user, headers: { Authorization: '' } } as Actor;
    expect(await code(invite(anonymous, ['x@example.jp']))).to.deep.equal([401, 'UNAUTHORIZED']);

    // Team B's owner cannot re-send Team A's invitation: the same answer as for an id that does not exist.
    const theirs = await resend(otherOwner, aaron.id);
    const unknown = await resend(otherOwner, 999_999);
    expect(theirs.status).to.equal(400);
    expect(theirs.json).to.deep.equal(unknown.json);
    expect(theirs.json.error).to.deep.equal({
      code: 'RESEND_INVITATION_FAILED',
      message: 'Resending the invitation failed.',
    });
    expect(await dbState(server)).to.deep.equal(before);
    noMailTo('x@example.jp', 'aaron@example.jp');
  });

  it('the link check needs the right id and e-mail: anything else is the same 404', async () => {
    const aaron = (await server.models.EmployeeInvitation.findOne({ where: { email: 'aaron@example.jp' } }))!;
    const wrongEmail = await check(aaron.id, 'ken@example.jp');
    const unknownId = await check(999_999, 'aaron@example.jp');
    expect(wrongEmail.status).to.equal(404);
    expect(wrongEmail.json).to.deep.equal(unknownId.json);
    expect(wrongEmail.json.error!.code).to.equal('NOT_FOUND');
    expect((await check(aaron.id, 'AARON@example.jp')).status).to.equal(200);
    const bad = await check(aaron.id, 'nope');
    expect(bad.json.error!.fields).to.deep.equal({ email: 'Enter a valid email address' });
  });

  it('refuses an invitation meant for another account (mismatch), changing nothing', async () => {
    const aaron = (await server.models.EmployeeInvitation.findOne({ where: { email: 'aaron@example.jp' } }))!;
    const before = await dbState(server);
    const res = await accept(loner, aaron.id);
    expect(res.status).to.equal(409);
    expect(res.json.error).to.deep.equal({
      code: 'INVITATION_ACCOUNT_MISMATCH',
      message: 'This invitation is for another account. Log out or register a new account.',
    });
    expect((await accept(loner, 999_999)).json.error!.code).to.equal('NOT_FOUND');
    expect(await dbState(server)).to.deep.equal(before);
  });

  it('refuses someone who already joined a team (another one, or this one again), changing nothing', async () => {
    await server.models.Company.update({ maxEmployee: 25, plan: 'business' }, { where: { id: teamId } });
    const res = await invite(owner, ['owner@b.example']);
    expect(res.status).to.equal(201);
    const link = invitationLink(server, await smtp.next('owner@b.example'));
    const kenInvitation = (await server.models.EmployeeInvitation.findOne({ where: { email: 'ken@example.jp' } }))!;
    const before = await dbState(server);
    const joined = await accept(otherOwner, link.id, 'ja');
    expect(joined.status).to.equal(409);
    expect(joined.json.error).to.deep.equal({
      code: 'ALREADY_JOINED_COMPANY',
      message: 'すでに会社に参加しています。',
    });
    expect((await accept(ken, kenInvitation.id)).json.error!.code).to.equal('ALREADY_JOINED_COMPANY');
    expect(await dbState(server)).to.deep.equal(before);
    const team = await api(server, `/api/company/${teamId}`, as(owner));
    expect(companySchema.parse(team.json.data)).to.include({ numberOfEmployees: 5, pendingInvitations: 2 });
  });
});
