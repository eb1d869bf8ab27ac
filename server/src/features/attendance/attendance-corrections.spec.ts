import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { attendanceReportSchema, timeLogSchema, zonedInstant, type SessionNotice } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { actor, api, as, registerTeam, type Actor } from '../companies/fixtures';
import { socketOf, type Client } from '../floors/live/live.testing';

const jst = (date: string, time: string) => zonedInstant(date, time, 'Asia/Tokyo');

/**
 * Issue 25 §14 from the employee's side: a manager's correction of their time
 * record needs a reason; the employee is told at once and by e-mail; the
 * correction and the original show on their page, in the PDF and in the CSV;
 * the audit log says who changed what, in words.
 */
describe(`attendance: corrections are explained, kept and shown (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock(jst('2026-11-24', '09:00'));
  let server: TestServer;
  let smtp: SmtpSink;
  let owner: Actor;
  let worker: Actor;
  let socket: Client | undefined;
  const call = (who: Actor, p: string, method = 'GET', body?: unknown, lang = 'en') =>
    api(server, `/api${p}`, as(who, { method, body, lang }));

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url }, { clock });
    owner = await actor(server, 'owner@a.example');
    const teamId = (await registerTeam(server, owner, 'Team A')).id;
    await server.models.Company.update({ plan: 'business' }, { where: { id: teamId } });
    worker = await actor(server, 'worker@a.example', {
      employmentCompanyId: teamId,
      employeeRole: 'EMPLOYEE',
      name: '山田 太郎',
    });
  });
  after(async () => {
    socket?.disconnect();
    await server?.close();
    await smtp?.close();
  });

  it('refuses a correction without a reason (or with a hidden character in it), changing nothing', async () => {
    await call(worker, '/time-log/record', 'POST', { action: 'checkIn' });
    clock.set(jst('2026-11-24', '20:00'));
    const id = (await server.models.TimeLog.findOne())!.id;
    const before = await server.models.TimeLog.findAll({ raw: true });
    const body = { date: '2026-11-24', checkInTime: '09:00', checkOutTime: '18:00', breaks: [] };
    for (const reason of [undefined, '   ', 'late\u202Etxt']) {
      const res = await call(owner, `/time-log/${id}`, 'PATCH', {
        ...body,
        ...(reason === undefined ? {} : { reason }),
      });
      expect([res.status, res.json.error?.code]).to.deep.equal([400, 'VALIDATION_FAILED']);
      expect(res.json.error?.fields).to.have.key('reason');
    }
    expect(await server.models.TimeLog.findAll({ raw: true })).to.deep.equal(before);
    expect(await server.models.TimeLogCorrection.count()).to.equal(0);
  });

  it('tells the employee, keeps the original, and shows the correction on their page, in the PDF, the CSV and the audit log', async () => {
    socket = await socketOf(server.url, worker, 'ja');
    const notices: SessionNotice[] = [];
    socket.on('session:notice', (n) => notices.push(n));
    const id = (await server.models.TimeLog.findOne())!.id;
    const res = await call(owner, `/time-log/${id}`, 'PATCH', {
      reason: 'Checked out at the front desk; the app was closed',
      date: '2026-11-24',
      checkInTime: '09:00',
      checkOutTime: '18:00',
      breaks: [{ start: '12:00', end: '13:00' }],
    });
    expect(res.status, res.text).to.equal(200);

    // told at once (in their language) and by mail
    for (let i = 0; i < 50 && notices.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(notices[0]!.message).to.contain('2026-11-24').and.contain('09:00–18:00').and.contain('理由');
    const mail = await smtp.next('worker@a.example');
    expect(mail.text).to.contain('Checked out at the front desk').and.contain('09:00');

    // their own page: the record, the reason, who, and the original (checked in, never out)
    const mine = timeLogSchema.array().parse((await call(worker, '/time-log/by-employee?range=1w')).json.data);
    expect(mine[0]!.correction).to.deep.include({ reason: 'Checked out at the front desk; the app was closed' });
    expect(mine[0]!.correction!.original).to.deep.equal({
      checkInAt: jst('2026-11-24', '09:00').toISOString(),
      checkOutAt: null,
      breaks: [],
    });
    const report = attendanceReportSchema.parse((await call(worker, '/time-log/report?range=1w')).json.data);
    expect(report.rows.find((r) => r.date === '2026-11-24')!.corrections).to.deep.equal([
      {
        reason: 'Checked out at the front desk; the app was closed',
        by: owner.user.name,
        at: clock.now().toISOString(),
      },
    ]);

    // the CSV: a column with the reason, who and when; the times say their zone
    const csv = await fetch(`${server.url}/api/time-log/export?month=2026-11&format=csv`, {
      headers: { ...worker.headers, 'x-api-key': server.apiKey, 'Accept-Language': 'en' },
    });
    const lines = Buffer.from(await csv.arrayBuffer())
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).to.match(/,Corrected,Time zone$/);
    expect(lines.find((l) => l.includes('2026-11-24')))
      .to.contain('2026-11-24 *')
      .and.contain(`Checked out at the front desk; the app was closed (${owner.user.name}, 2026-11-24)`);

    // the PDF: the day marked, the reason under the table, the time it was made in Japan time
    const pdf = await fetch(`${server.url}/api/time-log/export?month=2026-11&format=pdf`, {
      headers: { ...worker.headers, 'x-api-key': server.apiKey, 'Accept-Language': 'en' },
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'corr-')), 'month.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).to.contain('2026-11-24 *').and.contain('Checked out at the front desk');
    expect(text).to.contain('Generated: 2026-11-24 20:00 (Asia/Tokyo)');

    // the audit log: who changed what, in words
    const entry = await server.models.AdminAudit.findOne({ where: { action: 'timeLog.correct', targetId: id } });
    expect(entry).to.include({ actorKind: 'manager', adminId: owner.user.id });
    expect(JSON.parse(entry!.beforeJson!)).to.deep.include({ date: '2026-11-24', times: '09:00–Working' });
    expect(JSON.parse(entry!.afterJson!)).to.deep.equal({
      times: '09:00–18:00 (Break 12:00–13:00)',
      reason: 'Checked out at the front desk; the app was closed',
    });
  });
});
