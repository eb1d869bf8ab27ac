import { expect } from 'chai';
import { attendanceMeSchema, zonedInstant, type AttendanceSuggestion } from '@tsudoi/common';
import { createLogger } from '../../lib/logger';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { actor, api, as, registerTeam, type Actor } from '../companies/fixtures';
import { PresenceTimecard } from './presence-timecard';

describe(`attendance: the presence timecard suggests, records nothing (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock(zonedInstant('2026-11-24', '08:55', 'Asia/Tokyo'));
  let server: TestServer;
  let owner: Actor;
  let worker: Actor;
  let teamId: number;
  let told: { userId: number; suggestion: AttendanceSuggestion }[];
  let timecard: PresenceTimecard;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const settle = () => wait(300);
  const enter = (userId: number, floorId = 1) =>
    timecard.placeChanged({ floorId, userId, roomId: null, connected: true });
  const leave = (userId: number, floorId = 1) =>
    timecard.placeChanged({ floorId, userId, roomId: null, connected: false });
  const settings = (who: Actor, body: object) =>
    api(server, '/api/attendance/settings', as(who, { method: 'PATCH', body, lang: 'en' }));

  before(async () => {
    server = await startTestServer({}, { clock });
    owner = await actor(server, 'owner@a.example');
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    worker = await actor(server, 'worker@a.example', { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
    await server.models.Company.update({ plan: 'business' }, { where: { id: teamId } });
  });
  beforeEach(() => {
    told = [];
    const { attendance } = server.features;
    timecard = new PresenceTimecard({
      models: server.models,
      access: attendance.access,
      timeLogs: attendance.timeLogs,
      clock,
      logger: createLogger('silent'),
      leaveGraceMs: 150,
      tell: (userId, suggestion) => told.push({ userId, suggestion }),
    });
  });
  after(async () => server?.close());

  it('is off until an OWNER or ADMIN turns it on; a member cannot; the employee sees that it is on', async () => {
    enter(worker.user.id);
    await settle();
    expect(told).to.deep.equal([]);
    const refused = await settings(worker, { presenceTimecard: true });
    expect([refused.status, refused.json.error?.code]).to.deep.equal([403, 'FORBIDDEN']);
    const on = await settings(owner, { presenceTimecard: true });
    expect(on.status, on.text).to.equal(200);
    expect(on.json.data).to.deep.equal({ timeZone: 'Asia/Tokyo', presenceTimecard: true });
    const me = attendanceMeSchema.parse((await api(server, '/api/attendance/me', as(worker))).json.data);
    expect(me.presenceTimecard).to.equal(true);
    // the time zone alone changes only the zone
    expect((await settings(owner, { timeZone: 'Asia/Tokyo' })).json.data).to.deep.include({ presenceTimecard: true });
    expect((await settings(owner, {})).json.error?.code).to.equal('VALIDATION_FAILED');
  });

  it('suggests check-in on the first floor entry and check-out after the last leave, to the person only, recording nothing', async () => {
    const logs = () => server.models.TimeLog.count();
    enter(worker.user.id, 1);
    enter(worker.user.id, 2); // a second floor is not a second arrival
    await settle();
    expect(told).to.have.length(1);
    expect(told[0]).to.deep.include({ userId: worker.user.id });
    expect(told[0]!.suggestion).to.deep.include({ action: 'checkIn', reason: 'floorEntered' });
    expect(await logs()).to.equal(0);

    // the person confirms through the ordinary call
    const rec = await api(server, '/api/time-log/record', as(worker, { body: { action: 'checkIn' } }));
    expect(rec.status).to.equal(200);
    // leaving one floor of two is not leaving; a reload (back within the grace) is not leaving either
    leave(worker.user.id, 2);
    leave(worker.user.id, 1);
    enter(worker.user.id, 1);
    await wait(400);
    expect(told).to.have.length(1);
    leave(worker.user.id, 1);
    await wait(500);
    expect(told.map((t) => t.suggestion.action)).to.deep.equal(['checkIn', 'checkOut']);
    expect(told[1]!.suggestion.reason).to.equal('floorLeft');
    expect(await logs()).to.equal(1);
    expect((await server.models.TimeLog.findOne())!.status).to.equal('working');
  });

  it('suggests nothing the status does not allow, nor on a Starter team, nor to someone without a team', async () => {
    // the worker is still working: entering again suggests no check-in
    enter(worker.user.id);
    await settle();
    expect(told).to.deep.equal([]);
    leave(worker.user.id);
    await wait(400);
    expect(told.map((t) => t.suggestion.action)).to.deep.equal(['checkOut']);
    told = [];
    await api(server, '/api/time-log/record', as(worker, { body: { action: 'checkOut' } }));
    await server.models.Company.update({ plan: 'starter' }, { where: { id: teamId } });
    enter(worker.user.id);
    const loner = await actor(server, 'loner@example.com');
    enter(loner.user.id);
    await settle();
    expect(told).to.deep.equal([]);
    await server.models.Company.update({ plan: 'business' }, { where: { id: teamId } });
  });
});
