import { expect } from 'chai';
import {
  adminDashboardSchema,
  adminAuditRowSchema,
  adminLogRowSchema,
  adminUserRowSchema,
  pagedSchema,
  sessionSchema,
} from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import type { CallOptions } from '../../testing/http';
import { actor, api, as, platformAdmin, registerTeam, type Actor } from '../companies/fixtures';
import { floorBody, floorState } from '../floors/fixtures';

const PASSWORD = 'root-pass-123';

describe(`admin console REST (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let root: Actor;
  let owner: Actor;
  let member: Actor;
  let teamId: number;
  let floorId: number;
  let guestParticipantId: number;
  let hostParticipantId: number;

  const call = (who: Actor | null, path: string, options: CallOptions = {}) =>
    api(server, `/api${path}`, who ? as(who, { lang: 'en', ...options }) : { lang: 'en', ...options });
  const state = async () => ({ ...(await floorState(server)), audit: await server.models.AdminAudit.count() });
  const csv = async (who: Actor, path: string, lang = 'ja') => {
    const res = await fetch(`${server.url}/api${path}`, {
      headers: { 'x-api-key': server.apiKey, 'Accept-Language': lang, ...who.headers },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };

  before(async () => {
    server = await startTestServer();
    root = await platformAdmin(server, PASSWORD);
    owner = await actor(server, 'owner@example.jp', { name: '山田太郎' } as never);
    teamId = (await registerTeam(server, owner, '山田商事')).id;
    member = await actor(server, 'member@example.jp', { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
    for (let i = 0; i < 25; i++) await actor(server, `bulk${String(i).padStart(2, '0')}@example.com`);
    const floor = await call(owner, '/floors', { body: floorBody({ title: '全社フロア' }) });
    expect(floor.status, floor.text).to.equal(201);
    floorId = (floor.json.data as { id: number }).id;
    const reg = await call(owner, '/participant/register', {
      body: { floorId, participants: [{ email: 'guest@outside.example', name: '=HYPERLINK("x")' }] },
    });
    expect(reg.status, reg.text).to.equal(201);
    const rows = await server.models.FloorParticipant.findAll({ where: { floorId } });
    guestParticipantId = rows.find((r) => r.type === 'GUEST')!.id;
    hostParticipantId = rows.find((r) => r.type === 'HOST')!.id;
    const at = new Date();
    for (let i = 0; i < 30; i++) {
      await server.models.ParticipantLog.create({
        companyId: teamId,
        floorId,
        userId: i % 2 ? owner.user.id : member.user.id,
        type: i % 2 ? 'leave' : 'enter',
        roomId: null,
        at: new Date(at.getTime() - i * 60_000),
      });
    }
  });
  after(() => server?.close());

  const everyCall: [string, string, unknown?][] = [
    ['GET', '/admin/dashboard'],
    ['GET', '/admin/users'],
    ['GET', '/admin/users/export'],
    ['GET', '/admin/users/1'],
    ['PATCH', '/admin/users/1', { name: 'x' }],
    ['GET', '/admin/admins'],
    ['POST', '/admin/admins', { name: 'x', email: 'x@x.example', password: 'password-1' }],
    ['GET', '/admin/admins/1'],
    ['PATCH', '/admin/admins/1', { name: 'x' }],
    ['DELETE', '/admin/admins/1'],
    ['GET', '/admin/company'],
    ['GET', '/admin/company/export'],
    ['GET', '/admin/company/1'],
    ['PATCH', '/admin/company/1', { plan: 'business' }],
    ['DELETE', '/admin/company/1'],
    ['GET', '/admin/floors'],
    ['GET', '/admin/floors/export'],
    ['GET', '/admin/floors/1'],
    ['PATCH', '/admin/floors/1', { title: 'x' }],
    ['DELETE', '/admin/floors/1'],
    ['GET', '/admin/participant'],
    ['GET', '/admin/participant/1'],
    ['DELETE', '/admin/participant/2'],
    ['POST', '/admin/participant/resend', { email: 'guest@outside.example' }],
    ['GET', '/admin/participant_log'],
    ['GET', '/admin/participant_log/1'],
    ['GET', '/admin/participant_log/export'],
    ['GET', '/admin/audit'],
    ['GET', '/admin/storage'],
    ['GET', '/admin/storage/chat'],
  ];

  it('refuses a user token (even a team OWNER), no token and a wrong API key on every admin call; nothing changes', async () => {
    const before = await state();
    for (const [method, path, body] of everyCall) {
      for (const who of [owner, member, null]) {
        const res = await call(who, path, { method, body, lang: 'ja' });
        expect(res.status, `${method} ${path}`).to.equal(401);
        expect(res.json.error).to.deep.equal({
          code: 'UNAUTHORIZED',
          message: 'ログインしていないか、権限がありません。',
        });
      }
      const wrongKey = await call(root, path, { method, body, apiKey: 'not-the-key' });
      expect(wrongKey.status).to.equal(401);
      expect(wrongKey.json.error!.code).to.equal('INVALID_API_KEY');
    }
    expect(await state()).to.deep.equal(before);
  });

  it('lists users with server-side search, sort, state filter and paging (20 a page by default)', async () => {
    const page1 = pagedSchema(adminUserRowSchema).parse((await call(root, '/admin/users')).json);
    expect(page1).to.include({ total: 27, count: 20, page: 1, pageCount: 2 });
    expect(page1.data.every((u) => u.email !== 'root@platform.example')).to.equal(true);
    const page2 = pagedSchema(adminUserRowSchema).parse((await call(root, '/admin/users?page=2')).json);
    expect(page2.count).to.equal(7);
    const byName = pagedSchema(adminUserRowSchema).parse(
      (await call(root, '/admin/users?sort=email&order=asc&limit=3')).json,
    );
    expect(byName.data.map((u) => u.email)).to.deep.equal([
      'bulk00@example.com',
      'bulk01@example.com',
      'bulk02@example.com',
    ]);
    const found = pagedSchema(adminUserRowSchema).parse((await call(root, '/admin/users?q=MEMBER@')).json);
    expect(found.data.map((u) => [u.email, u.companyName, u.employeeRole])).to.deep.equal([
      ['member@example.jp', '山田商事', 'EMPLOYEE'],
    ]);
    const team = pagedSchema(adminUserRowSchema).parse((await call(root, `/admin/users?companyId=${teamId}`)).json);
    expect(team.total).to.equal(2);
    // a % in the search is text, not a wildcard
    expect((await call(root, '/admin/users?q=%25')).json.total).to.equal(0);
    const bad = await call(root, '/admin/users?sort=passwordHash');
    expect(bad.status).to.equal(400);
    expect(bad.json.error!.code).to.equal('VALIDATION_FAILED');
  });

  it('user detail (with hosted floors), edit with audit before/after, a taken e-mail refused, 404 for unknown', async () => {
    const detail = await call(root, `/admin/users/${owner.user.id}`);
    expect(detail.status).to.equal(200);
    const data = detail.json.data as { name: string; floors: { id: number }[] };
    expect(data.name).to.equal('山田太郎');
    expect(data.floors.map((f) => f.id)).to.deep.equal([floorId]);

    const edit = await call(root, `/admin/users/${member.user.id}`, {
      method: 'PATCH',
      body: { name: '佐藤花子', verified: false },
      lang: 'ja',
    });
    expect(edit.status, edit.text).to.equal(200);
    expect(edit.json.message).to.equal('保存しました。');
    expect((await server.models.User.findByPk(member.user.id))!.verifiedAt).to.equal(null);
    const taken = await call(root, `/admin/users/${member.user.id}`, {
      method: 'PATCH',
      body: { email: 'owner@example.jp' },
    });
    expect(taken.status).to.equal(409);
    expect(taken.json.error).to.deep.equal({ code: 'EMAIL_ALREADY_EXISTS', message: 'Email already exists' });
    expect((await call(root, '/admin/users/999999')).json.error).to.deep.equal({
      code: 'NOT_FOUND',
      message: 'Not found.',
    });
    // a platform admin is not a "user"
    expect((await call(root, `/admin/users/${root.user.id}`)).status).to.equal(404);

    const audit = pagedSchema(adminAuditRowSchema).parse((await call(root, '/admin/audit?targetType=user')).json);
    const entry = audit.data.find((a) => a.action === 'user.update')!;
    expect(entry).to.include({ adminId: root.user.id, adminEmail: 'root@platform.example', targetId: member.user.id });
    expect(entry.before).to.include({ name: 'member' });
    expect(entry.after).to.include({ name: '佐藤花子', verifiedAt: null });
    expect(entry.before).not.to.have.property('passwordHash');
  });

  it('soft delete, recover and permanent delete are audited', async () => {
    const victim = await actor(server, 'victim@example.com');
    expect((await call(root, `/admin/users/${victim.user.id}`, { method: 'DELETE' })).status).to.equal(200);
    const deleted = await call(root, '/admin/users?state=deleted');
    expect((deleted.json.data as { email: string }[]).map((u) => u.email)).to.deep.equal(['victim@example.com']);
    expect((await call(root, `/admin/users/${victim.user.id}/recover`, { method: 'PATCH' })).status).to.equal(200);
    expect((await call(root, `/admin/users/permanent-delete/${victim.user.id}`, { method: 'DELETE' })).status).to.equal(
      200,
    );
    const audit = pagedSchema(adminAuditRowSchema).parse((await call(root, '/admin/audit?limit=3')).json);
    expect(audit.data.map((a) => [a.action, a.targetId])).to.deep.equal([
      ['user.permanentDelete', victim.user.id],
      ['user.recover', victim.user.id],
      ['user.delete', victim.user.id],
    ]);
  });

  it('admins: register (who then signs in), edit, never delete oneself; two admins removing each other leave one', async () => {
    const created = await call(root, '/admin/admins', {
      body: { name: 'Second', email: 'second@platform.example', password: 'second-pass-1' },
      lang: 'ja',
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.json.message).to.equal('管理者を登録しました。');
    const secondId = (created.json.data as { id: number }).id;
    const dup = await call(root, '/admin/admins', {
      body: { name: 'Again', email: 'second@platform.example', password: 'second-pass-1' },
    });
    expect(dup.json.error!.code).to.equal('EMAIL_ALREADY_EXISTS');
    const signIn = await api(server, '/api/auth/login/admin', {
      body: { email: 'second@platform.example', password: 'second-pass-1' },
    });
    expect(signIn.status).to.equal(200);
    const second: Actor = {
      user: (await server.models.User.findByPk(secondId))!,
      headers: { Authorization: `Bearer ${sessionSchema.parse(signIn.json).token.accessToken}` },
    };
    const list = await call(second, '/admin/admins?sort=email&order=asc');
    expect((list.json.data as { email: string }[]).map((a) => a.email)).to.deep.equal([
      'root@platform.example',
      'second@platform.example',
    ]);
    const renamed = await call(root, `/admin/admins/${secondId}`, { method: 'PATCH', body: { name: 'Deputy' } });
    expect((renamed.json.data as { name: string }).name).to.equal('Deputy');

    for (const [lang, message] of [
      ['en', 'You cannot delete your own administrator account.'],
      ['ja', '自分自身の管理者アカウントは削除できません。'],
    ]) {
      const self = await call(root, `/admin/admins/${root.user.id}`, { method: 'DELETE', lang });
      expect(self.status).to.equal(409);
      expect(self.json.error).to.deep.equal({ code: 'ADMIN_CANNOT_DELETE_SELF', message });
    }
    expect((await call(root, `/admin/admins/${owner.user.id}`, { method: 'DELETE' })).status).to.equal(404);

    // at the same moment each deletes the other: one of them stays
    const both = await Promise.all([
      call(root, `/admin/admins/${secondId}`, { method: 'DELETE' }),
      call(second, `/admin/admins/${root.user.id}`, { method: 'DELETE' }),
    ]);
    expect(both.filter((r) => r.status === 200)).to.have.length(1);
    const refused = both.find((r) => r.status !== 200)!;
    expect([401, 404, 409]).to.include(refused.status);
    expect(await server.models.User.count({ where: { type: 'admin' } })).to.equal(1);
    // either may win; the rest of the spec runs as the one left
    if (!(await server.models.User.findByPk(root.user.id))) root = second;
    expect((await call(root, '/admin/dashboard')).status).to.equal(200);
  });

  it('companies: list with plan filter, detail with members and storage, plan change sets the limit, delete only when empty', async () => {
    const list = await call(root, '/admin/company?q=山田');
    expect((list.json.data as { name: string; members: number }[]).map((c) => [c.name, c.members])).to.deep.equal([
      ['山田商事', 2],
    ]);
    expect((await call(root, '/admin/company?plan=business')).json.total).to.equal(0);
    const detail = await call(root, `/admin/company/${teamId}`);
    const data = detail.json.data as { memberList: { email: string }[]; storageBytes: number; ownerName: string };
    expect(data.memberList.map((m) => m.email)).to.deep.equal(['owner@example.jp', 'member@example.jp']);
    expect(data).to.include({ storageBytes: 0, ownerName: '山田太郎' });
    const plan = await call(root, `/admin/company/${teamId}`, { method: 'PATCH', body: { plan: 'business' } });
    expect(plan.json.data).to.include({ plan: 'business', maxEmployee: 25 });
    const limit = await call(root, `/admin/company/${teamId}`, { method: 'PATCH', body: { maxEmployee: 40 } });
    expect(limit.json.data).to.include({ plan: 'business', maxEmployee: 40 });
    const bad = await call(root, `/admin/company/${teamId}`, { method: 'PATCH', body: { plan: 'gold' } });
    expect(bad.status).to.equal(400);
    const before = await state();
    const full = await call(root, `/admin/company/${teamId}`, { method: 'DELETE' });
    expect(full.status).to.equal(409);
    expect(full.json.error).to.deep.equal({
      code: 'COMPANY_NOT_EMPTY',
      message: 'Only a team without members and floors can be deleted.',
    });
    expect(await state()).to.deep.equal(before);
    const empty = await server.models.Company.create({ name: 'Empty', ownerId: null });
    expect((await call(root, `/admin/company/${empty.id}`, { method: 'DELETE' })).status).to.equal(200);
    expect((await call(root, `/admin/company/${empty.id}`)).json.error!.code).to.equal('TEAM_NOT_FOUND');
  });

  it('floors: list, detail with participants, edit (audited), delete; deleted floors listed under state=deleted', async () => {
    const list = await call(root, '/admin/floors?q=全社');
    const row = (list.json.data as { id: number; participants: number; companyName: string }[])[0]!;
    expect(row).to.include({ id: floorId, participants: 2, companyName: '山田商事' });
    const detail = await call(root, `/admin/floors/${floorId}`);
    const data = detail.json.data as { participantList: { type: string }[]; description: string };
    expect(data.participantList.map((p) => p.type)).to.deep.equal(['HOST', 'GUEST']);
    const edit = await call(root, `/admin/floors/${floorId}`, {
      method: 'PATCH',
      body: { title: '全社フロア（改）', privacy: 'private' },
    });
    expect(edit.json.data).to.include({ title: '全社フロア（改）', privacy: 'private' });
    const other = await call(owner, `/floors/${floorId}`);
    expect((other.json.data as { title: string }).title).to.equal('全社フロア（改）');
    expect(
      (await call(root, '/admin/floors/999999', { method: 'PATCH', body: { title: 'x' } })).json.error!.code,
    ).to.equal('FLOOR_NOT_FOUND');
  });

  it('participants: list and filter, detail, resend (none pending refused), delete (never the host)', async () => {
    const list = await call(root, `/admin/participant?floorId=${floorId}&status=pending`);
    expect((list.json.data as { email: string }[]).map((p) => p.email)).to.deep.equal(['guest@outside.example']);
    const detail = await call(root, `/admin/participant/${guestParticipantId}`);
    expect((detail.json.data as { permissions: object }).permissions).to.have.property('speech');
    const resent = await call(root, '/admin/participant/resend', { body: { email: 'guest@outside.example' } });
    expect(resent.status, resent.text).to.equal(200);
    expect(resent.json).to.deep.equal({ data: { sent: 1 }, message: 'The invitation was sent again.' });
    const none = await call(root, '/admin/participant/resend', {
      body: { email: 'nobody@outside.example' },
      lang: 'ja',
    });
    expect(none.json.error!.code).to.equal('RESEND_INVITATION_FAILED');
    const host = await call(root, `/admin/participant/${hostParticipantId}`, { method: 'DELETE' });
    expect(host.json.error!.code).to.equal('HOST_PARTICIPANT_FIXED');
    expect((await call(root, `/admin/participant/${guestParticipantId}`, { method: 'DELETE' })).status).to.equal(200);
    expect((await call(root, `/admin/participant/${guestParticipantId}`)).json.error!.code).to.equal(
      'PARTICIPANT_NOT_FOUND',
    );
  });

  it('participant log: list with search, type filter, sort and paging; detail', async () => {
    const page = pagedSchema(adminLogRowSchema).parse((await call(root, '/admin/participant_log?limit=10')).json);
    expect(page).to.include({ total: 30, count: 10, pageCount: 3 });
    expect(page.data[0]).to.include({ floorTitle: '全社フロア（改）', companyName: '山田商事', type: 'enter' });
    expect(new Date(page.data[0]!.at) >= new Date(page.data[1]!.at)).to.equal(true);
    const leaves = pagedSchema(adminLogRowSchema).parse(
      (await call(root, '/admin/participant_log?type=leave&q=山田')).json,
    );
    expect(leaves.total).to.equal(15);
    expect(leaves.data.every((r) => r.userName === '山田太郎')).to.equal(true);
    const one = await call(root, `/admin/participant_log/${page.data[0]!.id}`);
    expect(adminLogRowSchema.parse(one.json.data)).to.deep.equal(page.data[0]);
  });

  it('CSV exports: UTF-8 with BOM, headers in the request language, formulas neutralised, every row', async () => {
    const log = await csv(root, '/admin/participant_log/export');
    expect(log.res.status).to.equal(200);
    expect(log.res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(log.res.headers.get('content-disposition')).to.match(/^attachment; filename="participant-log-\d{8}\.csv"$/);
    expect([...log.bytes.slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const lines = log.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).to.equal('ID,日時,種別,企業,フロア,名前,メールアドレス,タイムゾーン');
    expect(lines).to.have.length(31);
    // times in Japan time, the zone named on every line (issue 25 §16)
    const first = lines[1]!.split(',');
    const row = await server.models.ParticipantLog.findByPk(Number(first[0]));
    const { csvTime } = await import('./csv');
    expect(first[1])
      .to.equal(csvTime(row!.at))
      .and.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.at(-1)).to.equal('Asia/Tokyo');
    expect(lines[1]).to.contain('山田商事').and.contain('全社フロア（改）');
    const users = await csv(root, '/admin/users/export?q=example.jp', 'en');
    const userLines = users.text.slice(1).trimEnd().split('\r\n');
    expect(userLines[0]).to.equal('ID,Name,E-mail,Company,Role,Verified,Created,Deleted,Time zone');
    expect(userLines).to.have.length(3);
    // a participant named =HYPERLINK(...) is text in a spreadsheet
    await server.models.FloorParticipant.update({ name: '=cmd' }, { where: { floorId } });
    const companies = await csv(root, '/admin/company/export');
    expect(companies.text.slice(1).split('\r\n')[1]).to.match(/^\d+,山田商事,business,2,40,山田太郎,/);
    const floors = await csv(root, '/admin/floors/export');
    expect(floors.text).to.contain('全社フロア（改）');
    const { csvField } = await import('./csv');
    expect(csvField('=HYPERLINK("x")')).to.equal(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a,b')).to.equal('"a,b"');
    // an evening in Japan stays that evening, whatever the server's zone
    expect(csvField(new Date('2026-11-25T12:03:07Z'))).to.equal('2026-11-25 21:03:07');
    expect(csvField('2026-11-25T15:30:00.000Z')).to.equal('2026-11-26 00:30:00');
    expect(csvField('2026-11-25T21:03:07+09:00')).to.equal('2026-11-25 21:03:07');
  });

  it('dashboard: live floors, people online, counts, 30 days of sign-ups and storage; storage per company', async () => {
    const dash = adminDashboardSchema.parse((await call(root, '/admin/dashboard')).json.data);
    expect(dash).to.include({ liveFloors: 0, peopleOnline: 0, companies: 1, floors: 1 });
    expect(dash.signups).to.have.length(30);
    expect(dash.signups.at(-1)!.count).to.be.greaterThan(25);
    expect(dash.storage).to.have.length(30);
    const storage = await call(root, '/admin/storage');
    expect((storage.json.data as { sources: string[] }).sources).to.deep.equal([
      'chat',
      'backgrounds',
      'recordings',
      'companyFiles',
    ]);
    expect((await call(root, '/admin/storage/nope')).status).to.equal(404);
  });

  it('deleting a floor is audited and the floor answers 404 to its host', async () => {
    const res = await call(root, `/admin/floors/${floorId}`, { method: 'DELETE' });
    expect(res.status).to.equal(200);
    expect((await call(owner, `/floors/${floorId}`)).status).to.equal(404);
    expect((await call(root, '/admin/floors?state=deleted')).json.total).to.equal(1);
    const audit = pagedSchema(adminAuditRowSchema).parse((await call(root, '/admin/audit?targetType=floor')).json);
    expect(audit.data.map((a) => a.action)).to.deep.equal(['floor.delete', 'floor.update']);
  });
});
