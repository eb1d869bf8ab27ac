import { expect } from 'chai';
import {
  attendanceReportSchema,
  lastRecordSchema,
  shiftSchema,
  timeLogSchema,
  teamStatusSchema,
  zonedInstant,
} from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { actor, api, as, registerTeam, type Actor } from '../companies/fixtures';
import { next, socketOf, type Client } from '../floors/live/live.testing';

const jst = (date: string, time: string) => zonedInstant(date, time, 'Asia/Tokyo');

describe(`attendance: records, shifts, report, permissions (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock(jst('2026-11-24', '08:00'));
  let server: TestServer;
  let owner: Actor;
  let worker: Actor;
  let peer: Actor;
  let outsider: Actor;
  let teamId: number;
  const sockets: Client[] = [];
  const record = (who: Actor, action: string, extra: object = {}, lang = 'en') =>
    api(server, '/api/time-log/record', as(who, { body: { action, ...extra }, lang }));
  const get = (who: Actor, path: string, lang = 'en') => api(server, `/api${path}`, as(who, { lang }));
  const rows = async () => ({
    logs: await server.models.TimeLog.findAll({ raw: true, order: [['id', 'ASC']] }),
    shifts: await server.models.Shift.findAll({ raw: true, order: [['id', 'ASC']] }),
    permissions: await server.models.AttendancePermission.findAll({ raw: true, order: [['id', 'ASC']] }),
  });

  before(async () => {
    server = await startTestServer({}, { clock });
    owner = await actor(server, 'owner@a.example');
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    const member = { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' as const };
    worker = await actor(server, 'worker@a.example', { ...member, name: '山田 太郎' });
    peer = await actor(server, 'peer@a.example', member);
    outsider = await actor(server, 'owner@b.example');
    const teamB = (await registerTeam(server, outsider, 'Team B')).id;
    // timecard and shifts are Business only (spec §1): both teams are on it (the Starter refusal: attendance-edit.spec)
    await server.models.Company.update({ plan: 'business' }, { where: { id: [teamId, teamB] } });
  });
  after(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it('walks check-in, break, end break and check-out; the team hears each status, another team does not', async () => {
    const teammate = await socketOf(server.url, peer);
    const stranger = await socketOf(server.url, outsider);
    sockets.push(teammate, stranger);
    let strangerHeard = 0;
    stranger.on('attendance:statusChanged', () => strangerHeard++);
    expect(lastRecordSchema.parse((await get(worker, '/time-log/last-record')).json.data)).to.deep.include({
      status: null,
      allowed: ['checkIn'],
    });

    clock.set(jst('2026-11-24', '09:05'));
    const heard = next(teammate, 'attendance:statusChanged');
    const inRes = await record(worker, 'checkIn', {}, 'ja');
    expect(inRes.status).to.equal(200);
    expect(inRes.json.message).to.equal('出勤しました（09:05）');
    expect(await heard).to.deep.equal({
      userId: worker.user.id,
      status: 'working',
      since: jst('2026-11-24', '09:05').toISOString(),
    });

    clock.set(jst('2026-11-24', '12:00'));
    const onBreak = next(teammate, 'attendance:statusChanged');
    expect(lastRecordSchema.parse((await record(worker, 'startBreak')).json.data)).to.deep.include({
      status: 'onBreak',
      allowed: ['endBreak', 'checkOut'],
    });
    expect((await onBreak).status).to.equal('onBreak');
    clock.set(jst('2026-11-24', '12:45'));
    expect((await record(worker, 'endBreak')).json.data).to.include({ status: 'working' });
    clock.set(jst('2026-11-24', '17:40'));
    const left = await record(worker, 'checkOut');
    expect(left.json.message).to.equal('Checked out at 17:40');
    const log = timeLogSchema.parse((left.json.data as { record: unknown }).record);
    expect(log.breaks).to.deep.equal([
      { start: jst('2026-11-24', '12:00').toISOString(), end: jst('2026-11-24', '12:45').toISOString() },
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(strangerHeard).to.equal(0);
  });

  it('refuses every action out of order with its code and message, writing nothing', async () => {
    const before = await rows();
    const cases: [string, number, string][] = [
      ['startBreak', 409, 'ATTENDANCE_NOT_CHECKED_IN'],
      ['endBreak', 409, 'ATTENDANCE_NOT_CHECKED_IN'],
      ['checkOut', 409, 'ATTENDANCE_NOT_CHECKED_IN'],
    ];
    for (const [action, status, code] of cases) {
      const res = await record(worker, action);
      expect([res.status, res.json.error!.code], action).to.deep.equal([status, code]);
    }
    expect((await record(worker, 'nap')).status).to.equal(400);
    expect(await rows()).to.deep.equal(before);
    clock.set(jst('2026-11-25', '09:00'));
    await record(peer, 'checkIn');
    const twice = await record(peer, 'checkIn', {}, 'ja');
    expect(twice.json.error).to.deep.equal({
      code: 'ATTENDANCE_ALREADY_CHECKED_IN',
      message: 'すでに出勤しています。',
    });
    expect((await record(peer, 'endBreak')).json.error!.code).to.equal('ATTENDANCE_NOT_ON_BREAK');
    await record(peer, 'startBreak');
    expect((await record(peer, 'startBreak')).json.error!.code).to.equal('ATTENDANCE_ALREADY_ON_BREAK');
    // checking out from a break ends the break too
    clock.set(jst('2026-11-25', '10:00'));
    await record(peer, 'checkOut');
    const out = lastRecordSchema.parse((await get(peer, '/time-log/last-record')).json.data).record!;
    expect(out.breaks[0]!.end).to.equal(jst('2026-11-25', '10:00').toISOString());
  });

  it('creates shifts for many employees with a weekly template, and checks the shift rules', async () => {
    const bad = await api(
      server,
      '/api/shifts',
      as(owner, {
        lang: 'en',
        body: {
          employeeIds: [worker.user.id],
          date: '2026-11-26',
          startTime: '09:00',
          endTime: '18:00',
          breaks: [
            { start: '08:00', end: '08:30' },
            { start: '12:00', end: '13:00' },
            { start: '12:30', end: '13:30' },
          ],
        },
      }),
    );
    expect(bad.status).to.equal(400);
    expect(bad.json.error!.fields).to.deep.equal({
      'breaks.0': 'A break must lie inside the working time',
      'breaks.2': 'This break overlaps another break',
    });
    const backwards = await api(
      server,
      '/api/shifts',
      as(owner, {
        lang: 'ja',
        body: {
          employeeIds: [worker.user.id],
          date: '2026-11-26',
          endDate: '2026-11-25',
          startTime: '09:00',
          endTime: '18:00',
        },
      }),
    );
    expect(backwards.json.error!.fields).to.deep.equal({ end: '終了は開始と同じか、それより後にしてください' });
    const none = await api(
      server,
      '/api/shifts',
      as(owner, { body: { employeeIds: [], date: '2026-11-26', startTime: '09:00', endTime: '18:00' } }),
    );
    expect(none.status).to.equal(400);
    expect((await rows()).shifts).to.deep.equal([]);

    const res = await api(
      server,
      '/api/shifts',
      as(owner, {
        lang: 'en',
        body: {
          employeeIds: [worker.user.id, peer.user.id],
          date: '2026-11-24',
          startTime: '09:00',
          endTime: '18:00',
          breaks: [{ start: '12:00', end: '13:00' }],
          repeatWeeks: 1,
        },
      }),
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.json.message).to.equal('4 shift(s) created');
    const created = shiftSchema.array().parse(res.json.data);
    expect(created.filter((s) => s.userId === worker.user.id).map((s) => s.start)).to.deep.equal([
      jst('2026-11-24', '09:00').toISOString(),
      jst('2026-12-01', '09:00').toISOString(),
    ]);
    // a night shift crossing midnight, its break after midnight
    const night = await api(
      server,
      '/api/shifts',
      as(owner, {
        body: {
          employeeIds: [worker.user.id],
          date: '2026-11-26',
          startTime: '22:00',
          endTime: '06:00',
          breaks: [{ start: '02:00', end: '03:00' }],
        },
      }),
    );
    const n = shiftSchema.array().parse(night.json.data)[0]!;
    expect([n.start, n.end, n.breaks[0]!.start]).to.deep.equal([
      jst('2026-11-26', '22:00').toISOString(),
      jst('2026-11-27', '06:00').toISOString(),
      jst('2026-11-27', '02:00').toISOString(),
    ]);
  });

  it('reports late, early leave, absence and worked hours against the shifts', async () => {
    clock.set(jst('2026-11-26', '22:20'));
    await record(worker, 'checkIn');
    clock.set(jst('2026-11-27', '05:30'));
    await record(worker, 'checkOut');
    clock.set(jst('2026-11-30', '12:00'));
    const res = await get(worker, '/time-log/report?range=custom&start=2026-11-24&end=2026-11-30');
    const report = attendanceReportSchema.parse(res.json.data);
    expect(report.rows.map((r) => [r.date, r.lateMin, r.earlyLeaveMin, r.workedMin, r.absent])).to.deep.equal([
      ['2026-11-24', 5, 20, 470, false],
      ['2026-11-26', 20, 30, 430, false],
    ]);
    expect(report.totals).to.include({ lateCount: 2, earlyLeaveCount: 2, workedMin: 900, absenceCount: 0 });
    const peerReport = attendanceReportSchema.parse(
      (await get(owner, `/time-log/report?employeeId=${peer.user.id}&range=1w`)).json.data,
    );
    // peer's shift on the 24th has no record: absent; the 25th was worked without a shift
    expect(peerReport.rows.map((r) => [r.date, r.absent, r.shiftId !== null])).to.deep.equal([
      ['2026-11-24', true, true],
      ['2026-11-25', false, false],
    ]);
    const badRange = await get(worker, '/time-log/report?range=custom&start=2026-11-30&end=2026-11-01');
    expect(badRange.json.error!.fields).to.deep.equal({ end: 'The end date must be on or after the start date' });
    const logs = timeLogSchema.array().parse((await get(worker, '/time-log/by-employee?range=all')).json.data);
    expect(logs).to.have.length(2);
  });

  it('follows the company time zone', async () => {
    const res = await api(
      server,
      '/api/attendance/settings',
      as(owner, { method: 'PATCH', body: { timeZone: 'America/New_York' } }),
    );
    expect(res.status).to.equal(200);
    const report = attendanceReportSchema.parse((await get(worker, '/time-log/report?range=all')).json.data);
    // 09:05 Tokyo on the 24th is 19:05 on the 23rd in New York
    expect(report.rows[0]!.date).to.equal('2026-11-23');
    const wrong = await api(
      server,
      '/api/attendance/settings',
      as(owner, { method: 'PATCH', lang: 'en', body: { timeZone: 'Mars/Olympus' } }),
    );
    expect(wrong.json.error!.fields).to.deep.equal({ timeZone: 'Choose a valid time zone' });
    await api(server, '/api/attendance/settings', as(owner, { method: 'PATCH', body: { timeZone: 'Asia/Tokyo' } }));
  });

  describe('from the other side', () => {
    it('another team sees, changes and exports nothing of this team', async () => {
      const before = await rows();
      const shiftId = before.shifts[0]!.id;
      const calls = [
        await get(outsider, `/time-log/report?employeeId=${worker.user.id}`),
        await get(outsider, `/time-log/by-employee?employeeId=${worker.user.id}`),
        await get(outsider, `/shifts/by-employee?employeeId=${worker.user.id}&start=2026-11-01&end=2026-11-30`),
        await get(outsider, `/time-log/export?employeeId=${worker.user.id}&month=2026-11&format=csv`),
        await record(outsider, 'checkIn', { employeeId: worker.user.id }),
        await api(
          server,
          '/api/attendance/permissions/' + worker.user.id,
          as(outsider, {
            method: 'PUT',
            body: {
              manageOthers: true,
              editShifts: true,
              editAllAttendance: true,
              seeAllShifts: true,
              seeAllRecords: true,
              downloadAllPdf: true,
            },
          }),
        ),
        await api(
          server,
          '/api/shifts',
          as(outsider, {
            body: { employeeIds: [worker.user.id], date: '2026-12-02', startTime: '09:00', endTime: '18:00' },
          }),
        ),
      ];
      for (const res of calls)
        expect([res.status, res.json.error?.code], res.text).to.deep.equal([404, 'TEAM_MEMBER_NOT_FOUND']);
      for (const res of [
        await api(server, `/api/shifts/${shiftId}`, as(outsider, { method: 'DELETE' })),
        await api(
          server,
          `/api/shifts/${shiftId}`,
          as(outsider, { method: 'PATCH', body: { date: '2026-11-24', startTime: '10:00', endTime: '11:00' } }),
        ),
      ])
        expect([res.status, res.json.error?.code]).to.deep.equal([404, 'SHIFT_NOT_FOUND']);
      const team = teamStatusSchema.array().parse((await get(outsider, '/time-log/team')).json.data);
      expect(team.map((t) => t.userId)).to.deep.equal([outsider.user.id]);
      expect(await rows()).to.deep.equal(before);
    });

    it('a teammate without the permission is refused; once granted, allowed', async () => {
      const before = await rows();
      const refusals = [
        await get(peer, `/time-log/report?employeeId=${worker.user.id}`),
        await get(peer, `/shifts/by-employee?employeeId=${worker.user.id}&start=2026-11-01&end=2026-11-30`),
        await get(peer, `/time-log/export?team=true&month=2026-11`),
        await record(peer, 'checkIn', { employeeId: worker.user.id }),
        await api(
          server,
          '/api/shifts',
          as(peer, {
            lang: 'en',
            body: { employeeIds: [peer.user.id], date: '2026-12-02', startTime: '09:00', endTime: '18:00' },
          }),
        ),
        await api(server, `/api/shifts/${before.shifts[0]!.id}`, as(peer, { method: 'DELETE' })),
      ];
      for (const res of refusals)
        expect([res.status, res.json.error?.code], res.text).to.deep.equal([403, 'ATTENDANCE_NO_PERMISSION']);
      expect(refusals[4]!.json.error!.message).to.equal('This needs the permission "Create or update shifts".');
      const selfGrant = await api(
        server,
        `/api/attendance/permissions/${peer.user.id}`,
        as(peer, {
          method: 'PUT',
          body: {
            manageOthers: true,
            editShifts: true,
            editAllAttendance: true,
            seeAllShifts: true,
            seeAllRecords: true,
            downloadAllPdf: true,
          },
        }),
      );
      expect([selfGrant.status, selfGrant.json.error?.code]).to.deep.equal([403, 'FORBIDDEN']);
      // the peer's own shifts of the team view only
      const own = shiftSchema.array().parse((await get(peer, '/shifts?start=2026-11-23&end=2026-11-29')).json.data);
      expect(new Set(own.map((s) => s.userId))).to.deep.equal(new Set([peer.user.id]));
      expect(await rows()).to.deep.equal(before);

      const grant = await api(
        server,
        `/api/attendance/permissions/${peer.user.id}`,
        as(owner, {
          method: 'PUT',
          lang: 'en',
          body: {
            manageOthers: false,
            editShifts: false,
            editAllAttendance: false,
            seeAllShifts: true,
            seeAllRecords: true,
            downloadAllPdf: false,
          },
        }),
      );
      expect(grant.json.message).to.equal(`Attendance permissions of ${peer.user.name} updated`);
      expect((await get(peer, `/time-log/report?employeeId=${worker.user.id}`)).status).to.equal(200);
      const all = shiftSchema.array().parse((await get(peer, '/shifts?start=2026-11-23&end=2026-11-29')).json.data);
      expect(new Set(all.map((s) => s.userId))).to.deep.equal(new Set([peer.user.id, worker.user.id]));
      expect((await get(peer, `/time-log/export?team=true&month=2026-11`)).status).to.equal(403);
    });
  });

  it('exports the month as CSV (UTF-8 with BOM) with Japanese names', async () => {
    const res = await fetch(`${server.url}/api/time-log/export?team=true&month=2026-11&format=csv`, {
      headers: { ...owner.headers, 'x-api-key': server.apiKey, 'Accept-Language': 'ja' },
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.contain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).to.equal('従業員,日付,シフト,出勤,退勤,休憩,実働,所定,遅刻,早退,欠勤,修正,タイムゾーン');
    expect(lines).to.include('山田 太郎,2026-11-24,09:00–18:00,09:05,17:40,0:45,7:50,8:00,0:05,0:20,,,Asia/Tokyo');
  });
});
