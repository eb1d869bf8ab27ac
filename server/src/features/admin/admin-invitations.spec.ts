import { expect } from 'chai';
import { adminAuditRowSchema, employeeRowSchema, pagedSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp';
import type { CallOptions } from '../../testing/http';
import { actor, api, as, dbState, registerTeam, type Actor } from '../companies/fixtures';
import { invitationLink } from '../invitations/invitation.testing';

/** Calls spec §7.8 admin variants: POST check, POST bulk and POST re-send/{id} for any team. */
describe(`admin company-employees: check, bulk and re-send for a team (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let root: Actor;
  let owner: Actor;
  let member: Actor;
  let teamId: number;
  let otherTeamId: number;

  const call = (who: Actor | null, p: string, options: CallOptions = {}) =>
    api(server, `/api${p}`, who ? as(who, { lang: 'en', ...options }) : { lang: 'en', ...options });
  const audits = async (action: string) =>
    pagedSchema(adminAuditRowSchema).parse((await call(root, `/admin/audit?q=${action}`)).json).data;

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url });
    root = await actor(server, 'root@platform.example', { type: 'admin', name: '運営' } as never);
    owner = await actor(server, 'owner@a.example', { name: 'Hanako', locale: 'en' } as never);
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    member = await actor(server, 'member@a.example', { employmentCompanyId: teamId, employeeRole: 'ADMIN' });
    const otherOwner = await actor(server, 'owner@b.example');
    otherTeamId = (await registerTeam(server, otherOwner, 'Team B')).id;
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("refuses a user's token (even the team's OWNER and ADMIN) and no token: 401 with the message, nothing changes", async () => {
    const pending = await server.models.EmployeeInvitation.create({
      companyId: teamId,
      email: 'pending@example.jp',
      invitedBy: owner.user.id,
      status: 'pending',
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt: null,
    });
    const before = { db: await dbState(server), audit: await server.models.AdminAudit.count() };
    const body = { companyId: teamId, emails: ['x@example.jp'] };
    for (const [p, b] of [
      ['/admin/company-employees/check', body],
      ['/admin/company-employees/bulk', body],
      [`/admin/company-employees/re-send/${pending.id}`, undefined],
    ] as const) {
      for (const who of [owner, member, null]) {
        const res = await call(who, p, { method: 'POST', body: b, lang: 'ja' });
        expect(res.status, p).to.equal(401);
        expect(res.json.error).to.deep.equal({
          code: 'UNAUTHORIZED',
          message: 'ログインしていないか、権限がありません。',
        });
      }
    }
    expect(await dbState(server)).to.deep.equal(before.db);
    expect(await server.models.AdminAudit.count()).to.equal(before.audit);
    expect(smtp.mails.map((m) => m.to).flat()).to.not.include('x@example.jp');
    await pending.destroy();
  });

  it('check: the seats left for the named team, the same field messages as a manager gets, nothing created', async () => {
    const ok = await call(root, '/admin/company-employees/check', {
      body: { companyId: teamId, emails: ['a@example.jp', 'b@example.jp'] },
    });
    expect(ok.status, ok.text).to.equal(200);
    // Starter: 5 seats, owner + member taken, 2 on the list
    expect(ok.json.data).to.deep.equal({ emails: ['a@example.jp', 'b@example.jp'], seatsLeft: 1 });
    expect(ok.json.message).to.equal('Every address can be invited (1 seat(s) left).');
    const bad = await call(root, '/admin/company-employees/check', {
      body: { companyId: teamId, emails: ['member@a.example', 'c@example.jp', 'c@example.jp'] },
      lang: 'ja',
    });
    expect(bad.status).to.equal(400);
    expect(bad.json.error?.code).to.equal('VALIDATION_FAILED');
    expect(bad.json.error?.fields).to.deep.equal({
      'emails.0': 'member@a.example はすでにチームのメンバーです',
      'emails.2': 'c@example.jp がリスト内で重複しています',
    });
    const full = await call(root, '/admin/company-employees/check', {
      body: { companyId: teamId, emails: ['1@example.jp', '2@example.jp', '3@example.jp', '4@example.jp'] },
    });
    expect(full.status).to.equal(409);
    expect(full.json.error).to.deep.equal({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows at most 5 team members.',
    });
    const missing = await call(root, '/admin/company-employees/check', {
      body: { companyId: 999_999, emails: ['a@example.jp'] },
    });
    expect([missing.status, missing.json.error?.code]).to.deep.equal([404, 'TEAM_NOT_FOUND']);
    expect(await server.models.EmployeeInvitation.count()).to.equal(0);
  });

  it("bulk: invites into the named team, mails name the team's owner, audited", async () => {
    const res = await call(root, '/admin/company-employees/bulk', {
      body: { companyId: teamId, emails: ['newbie@example.jp'] },
      lang: 'ja',
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.json.message).to.equal('1 件の招待メールを送信しました。');
    const [row] = employeeRowSchema.array().parse(res.json.data);
    expect(row).to.include({ email: 'newbie@example.jp', status: 'pending' });
    const invitation = (await server.models.EmployeeInvitation.findByPk(row!.id))!;
    expect(invitation).to.include({ companyId: teamId, invitedBy: root.user.id });
    const mail = await smtp.next('newbie@example.jp');
    expect(mail.subject).to.equal('Hanako invited you to Team A on Tsudoi');
    expect(invitationLink(server, mail)).to.deep.equal({ id: row!.id, email: 'newbie@example.jp' });
    const [audit] = await audits('invitation.bulk');
    expect(audit).to.include({ targetType: 'company', targetId: teamId, adminEmail: 'root@platform.example' });
    expect(audit!.after).to.deep.include({ emails: ['newbie@example.jp'], invitationIds: [row!.id] });

    // the same address again: the manager's message, nothing sent
    const again = await call(root, '/admin/company-employees/bulk', {
      body: { companyId: teamId, emails: ['newbie@example.jp'] },
    });
    expect(again.status).to.equal(400);
    expect(again.json.error?.fields).to.deep.equal({ 'emails.0': 'newbie@example.jp has already been invited' });
    expect(await audits('invitation.bulk')).to.have.length(1);
  });

  it("re-send: any team's pending invitation, renewed and mailed again, audited; unknown or accepted ids fail the same way", async () => {
    const invitation = (await server.models.EmployeeInvitation.findOne({ where: { email: 'newbie@example.jp' } }))!;
    await invitation.update({ expiresAt: new Date(Date.now() + 3600_000) });
    const res = await call(root, `/admin/company-employees/re-send/${invitation.id}`, { method: 'POST' });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.message).to.equal('The invitation e-mail was sent again.');
    await invitation.reload();
    expect((invitation.expiresAt.getTime() - Date.now()) / 86_400_000).to.be.within(6.99, 7.01);
    expect((await smtp.next('newbie@example.jp')).subject).to.equal('Hanako invited you to Team A on Tsudoi');
    const [audit] = await audits('invitation.resend');
    expect(audit).to.include({ targetType: 'invitation', targetId: invitation.id });
    expect(audit!.after).to.include({ companyId: teamId, email: 'newbie@example.jp' });

    const accepted = await server.models.EmployeeInvitation.create({
      companyId: otherTeamId,
      email: 'joined@example.jp',
      invitedBy: root.user.id,
      status: 'accepted',
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt: new Date(),
    });
    const expected = {
      code: 'RESEND_INVITATION_FAILED',
      message: 'Resending the invitation failed.',
    };
    for (const id of [999_999, accepted.id]) {
      const failed = await call(root, `/admin/company-employees/re-send/${id}`, { method: 'POST' });
      expect(failed.status).to.equal(400);
      expect(failed.json.error).to.deep.equal(expected);
    }
    expect(await audits('invitation.resend')).to.have.length(1);
  });
});
