import { expect } from 'chai';
import { mutationSchema, timeLogSchema, zonedInstant } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { actor, api, as, registerTeam, type Actor } from '../companies/fixtures';

const jst = (date: string, time: string) => zonedInstant(date, time, 'Asia/Tokyo');
const allOff = {
  manageOthers: false,
  editShifts: false,
  editAllAttendance: false,
  seeAllShifts: false,
  seeAllRecords: false,
  downloadAllPdf: false,
};

describe(`attendance: correcting time logs and the Business plan gate (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock(jst('2026-11-24', '09:00'));
  let server: TestServer;
  let owner: Actor;
  let worker: Actor;
  let peer: Actor;
  let outsider: Actor;
  let teamId: number;
  let teamB: number;
  const call = (who: Actor, path: string, method = 'GET', body?: unknown, lang = 'en') =>
    api(server, `/api${path}`, as(who, { method, body, lang }));
  /** A correction; its reason is given unless the body names one (a correction always needs one). */
  const edit = (who: Actor, id: number, body: object, lang = 'en') =>
    call(who, `/time-log/${id}`, 'PATCH', 'reason' in body ? body : { reason: 'Forgot to clock out', ...body }, lang);
  const logs = () => server.models.TimeLog.findAll({ raw: true, order: [['id', 'ASC']] });
  const business = (...ids: number[]) => server.models.Company.update({ plan: 'business' }, { where: { id: ids } });

  before(async () => {
    server = await startTestServer({}, { clock });
    owner = await actor(server, 'owner@a.example');
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    const member = { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' as const };
    worker = await actor(server, 'worker@a.example', { ...member, name: '山田 太郎' });
    peer = await actor(server, 'peer@a.example', member);
    outsider = await actor(server, 'owner@b.example');
    teamB = (await registerTeam(server, outsider, 'Team B')).id;
  });
  after(async () => server?.close());

  it('refuses every attendance call of a Starter team with the plan error, writing nothing', async () => {
    const before = { logs: await logs(), shifts: await server.models.Shift.findAll({ raw: true }) };
    const answers = [
      await call(worker, '/attendance/me'),
      await call(worker, '/time-log/record', 'POST', { action: 'checkIn' }),
      await call(worker, '/time-log/last-record'),
      await call(owner, '/time-log/report?range=1m'),
      await call(owner, '/time-log/team'),
      await call(owner, '/shifts', 'POST', {
        employeeIds: [worker.user.id],
        date: '2026-11-25',
        startTime: '09:00',
        endTime: '18:00',
      }),
      await call(owner, '/shifts?start=2026-11-23&end=2026-11-29'),
      await call(owner, '/time-log/export?month=2026-11&format=csv'),
      await edit(owner, 1, { date: '2026-11-24', checkInTime: '09:00', checkOutTime: null, breaks: [] }),
    ];
    for (const res of answers) {
      expect([res.status, res.json.error?.code]).to.deep.equal([403, 'PLAN_FEATURE_REQUIRED']);
      expect(res.json.error?.message).to.match(/Business/);
    }
    const ja = await call(worker, '/time-log/record', 'POST', { action: 'checkIn' }, 'ja');
    expect(ja.json.error?.message).to.match(/ビジネス|Business/);
    expect({ logs: await logs(), shifts: await server.models.Shift.findAll({ raw: true }) }).to.deep.equal(before);
    // on Business the same call goes through
    await business(teamId, teamB);
    expect((await call(worker, '/time-log/record', 'POST', { action: 'checkIn' })).status).to.equal(200);
  });

  it('lets a holder of editAllAttendance correct a teammate’s record; the record shows it was edited', async () => {
    clock.set(jst('2026-11-24', '12:00'));
    await call(worker, '/time-log/record', 'POST', { action: 'startBreak' });
    clock.set(jst('2026-11-24', '20:00'));
    const id = (await logs())[0]!.id;
    const res = await edit(owner, id, {
      date: '2026-11-24',
      checkInTime: '08:30',
      checkOutTime: '17:45',
      breaks: [{ start: '12:00', end: '13:00' }],
    });
    expect(res.status, res.text).to.equal(200);
    const answer = mutationSchema(timeLogSchema).parse(res.json);
    expect(answer.message).to.equal('Attendance record corrected');
    expect(answer.data).to.deep.equal({
      id,
      userId: worker.user.id,
      status: 'left',
      checkInAt: jst('2026-11-24', '08:30').toISOString(),
      checkOutAt: jst('2026-11-24', '17:45').toISOString(),
      breaks: [{ start: jst('2026-11-24', '12:00').toISOString(), end: jst('2026-11-24', '13:00').toISOString() }],
      edited: true,
      correction: {
        reason: 'Forgot to clock out',
        by: owner.user.name,
        at: jst('2026-11-24', '20:00').toISOString(),
        original: {
          checkInAt: jst('2026-11-24', '09:00').toISOString(),
          checkOutAt: null,
          breaks: [{ start: jst('2026-11-24', '12:00').toISOString(), end: null }],
        },
      },
    });
    expect((await logs())[0]).to.include({ editedBy: owner.user.id, status: 'left' });
    // the worker sees the corrected record in their own log
    const mine = await call(worker, '/time-log/by-employee?range=1w');
    expect(timeLogSchema.array().parse(mine.json.data)[0]).to.deep.include({ edited: true, status: 'left' });
    // a night: check-out earlier than check-in is the next morning
    const night = await edit(owner, id, {
      date: '2026-11-23',
      checkInTime: '22:00',
      checkOutTime: '06:00',
      breaks: [],
    });
    expect(timeLogSchema.parse(night.json.data).checkOutAt).to.equal(jst('2026-11-24', '06:00').toISOString());
  });

  it('refuses a member without editAllAttendance (for a teammate and for themselves) and another team, changing nothing', async () => {
    const id = (await logs())[0]!.id;
    const body = { date: '2026-11-24', checkInTime: '07:00', checkOutTime: '16:00', breaks: [] };
    const before = await logs();
    for (const who of [peer, worker]) {
      const res = await edit(who, id, body);
      expect([res.status, res.json.error?.code]).to.deep.equal([403, 'ATTENDANCE_NO_PERMISSION']);
      expect(res.json.error?.message).to.equal('This needs the permission "Edit all attendance".');
    }
    const stranger = await edit(outsider, id, body);
    expect([stranger.status, stranger.json.error?.code]).to.deep.equal([404, 'TIME_LOG_NOT_FOUND']);
    expect(await logs()).to.deep.equal(before);
    // granted the permission, the peer may correct it
    const granted = await call(owner, `/attendance/permissions/${peer.user.id}`, 'PUT', {
      ...allOff,
      editAllAttendance: true,
    });
    expect(granted.status).to.equal(200);
    expect((await edit(peer, id, body)).status).to.equal(200);
    expect((await logs())[0]).to.include({ editedBy: peer.user.id });
  });

  it('refuses every broken rule with the field’s message, in English and Japanese, changing nothing', async () => {
    const id = (await logs())[0]!.id;
    // a second, later record of the worker: the first may then not stay open, nor overlap it
    clock.set(jst('2026-11-25', '09:00'));
    await call(worker, '/time-log/record', 'POST', { action: 'checkIn' });
    clock.set(jst('2026-11-25', '10:00'));
    const second = (await logs())[1]!.id;
    const before = await logs();
    const day = (over: object) => ({
      date: '2026-11-24',
      checkInTime: '09:00',
      checkOutTime: '18:00',
      breaks: [],
      ...over,
    });
    const cases: [number, object, Record<string, string>, string?][] = [
      [id, day({ checkInTime: '9:00' }), { checkInTime: 'Enter a valid time' }],
      [id, day({ date: '24/11/2026' }), { date: 'Enter a valid date' }],
      [
        second,
        day({ date: '2026-11-25', checkInTime: '11:00', checkOutTime: null }),
        {
          checkInTime: 'A time in the future cannot be recorded',
        },
      ],
      [
        second,
        day({ date: '2026-11-25', checkInTime: '09:00', checkOutTime: '12:00' }),
        {
          checkOutTime: 'A time in the future cannot be recorded',
        },
      ],
      [
        second,
        day({ date: '2026-11-25', checkInTime: '09:00', checkOutTime: '08:30' }), // check-out typed before check-in
        {
          checkOutTime:
            'Check-out is earlier than check-in, so it would be the next day, which has not come yet. Check the times.',
        },
      ],
      [
        id,
        day({ breaks: [{ start: '19:00', end: '19:30' }] }),
        { 'breaks.0': 'A break must lie inside the working time' },
      ],
      [
        id,
        day({
          breaks: [
            { start: '12:00', end: '13:00' },
            { start: '12:30', end: '13:30' },
          ],
        }),
        { 'breaks.1': 'This break overlaps another break' },
      ],
      [
        id,
        day({ breaks: [{ start: '12:00', end: null }] }),
        {
          'breaks.0.end':
            'Enter when the break ended (only the last break of a record not yet checked out may stay open)',
        },
      ],
      [id, day({ checkOutTime: null }), { checkOutTime: 'A record that is not the latest needs a check-out time' }],
      [
        id,
        day({ date: '2026-11-25', checkInTime: '08:00', checkOutTime: '09:30' }),
        {
          checkInTime: 'This overlaps another record of the same person',
        },
      ],
      [id, day({ checkOutTime: null }), { checkOutTime: '最新ではない記録には退勤時刻が必要です' }, 'ja'],
      [id, day({ breaks: [{ start: '19:00', end: '19:30' }] }), { 'breaks.0': '休憩は勤務時間内にしてください' }, 'ja'],
    ];
    for (const [target, body, fields, lang] of cases) {
      const res = await edit(owner, target, body, lang);
      expect([res.status, res.json.error?.code], JSON.stringify(body)).to.deep.equal([400, 'VALIDATION_FAILED']);
      expect(res.json.error?.fields, JSON.stringify(body)).to.deep.equal(fields);
    }
    expect((await edit(owner, 999_999, day({}))).json.error?.code).to.equal('TIME_LOG_NOT_FOUND');
    expect(await logs()).to.deep.equal(before);
    // the latest record may stay open, on a break: its status follows
    const open = await edit(owner, second, {
      date: '2026-11-25',
      checkInTime: '08:45',
      checkOutTime: null,
      breaks: [{ start: '09:30', end: null }],
    });
    expect(timeLogSchema.parse(open.json.data).status).to.equal('onBreak');
    expect((await call(worker, '/time-log/last-record')).json.data).to.deep.include({ status: 'onBreak' });
  });
});
