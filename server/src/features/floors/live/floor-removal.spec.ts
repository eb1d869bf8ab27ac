import { expect } from 'chai';
import type { FloorUserDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { ManualClock } from '../../../testing/clock';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { call, join, next, ok, refused, seen, socketOf, type Client } from './live.testing';

describe(`live floor: leaving, kick-out and the end of a floor (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const on = async (who: Actor, floorId: number, lang = 'en') => {
    const client = await socketOf(server.url, who, lang);
    open.push(client);
    await join(client, floorId);
    return client;
  };
  const log = async (floorId: number) =>
    (await server.models.ParticipantLog.findAll({ where: { floorId }, order: [['id', 'ASC']], raw: true })).map((r) => [
      r.userId,
      r.type,
    ]);

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('lets a host kick a user out: told in their language, off the floor, seen by the others', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    await calls.register(teams.ownerA, floor.id, [{ email: 'admin@a.example', permissions: { subhost: true } }]);
    const host = await on(teams.ownerA, floor.id);
    const member = await on(teams.memberA, floor.id, 'ja');
    const admin = await on(teams.adminA, floor.id);
    expect(await refused(call(member, 'floor:kickOut', { userId: teams.adminA.user.id }))).to.deep.include('FORBIDDEN');
    expect(await refused(call(admin, 'floor:kickOut', { userId: teams.ownerA.user.id }))).to.deep.include(
      'HOST_PARTICIPANT_FIXED',
    );
    const told = next(member, 'floor:kickedOut');
    const gone = seen(admin, teams.memberA.user.id, (u) => u === null);
    await ok(call(host, 'floor:kickOut', { userId: teams.memberA.user.id }));
    expect(await told).to.deep.equal({
      floorId: floor.id,
      reason: 'kickedOut',
      message: 'ホストによってフロアから退出させられました。',
    });
    await gone;
    expect(await refused(call(member, 'floor:updateUser', { activeStatus: 'away' }))).to.deep.include(
      'FLOOR_NOT_JOINED',
    );
    expect(await refused(call(host, 'floor:kickOut', { userId: teams.memberA.user.id }))).to.deep.include(
      'USER_NOT_ON_FLOOR',
    );
    expect(await log(floor.id)).to.deep.equal([
      [teams.ownerA.user.id, 'enter'],
      [teams.memberA.user.id, 'enter'],
      [teams.adminA.user.id, 'enter'],
      [teams.memberA.user.id, 'leave'],
    ]);
    expect((await join(member, floor.id)).me.userId).to.equal(teams.memberA.user.id); // a kick is not a ban
  });

  it('dismisses a guest for good, and refuses to dismiss a team member', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    await calls.register(teams.ownerA, floor.id, [{ email: 'owner@b.example' }]);
    const host = await on(teams.ownerA, floor.id);
    await on(teams.memberA, floor.id);
    const guest = await on(teams.ownerB, floor.id);
    expect(await refused(call(host, 'floor:dismissGuest', { userId: teams.memberA.user.id }))).to.deep.include(
      'FORBIDDEN',
    );
    const told = next(guest, 'floor:kickedOut');
    await ok(call(host, 'floor:dismissGuest', { userId: teams.ownerB.user.id }));
    expect(await told).to.include({ reason: 'dismissed', message: 'The host ended your visit to this floor.' });
    expect(await refused(call(guest, 'floor:joinOffice', { floorId: floor.id }))).to.deep.include('FLOOR_NOT_FOUND');
  });

  it('leaves the floor on request, with every window of the user', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const host = await on(teams.ownerA, floor.id);
    const first = await on(teams.memberA, floor.id);
    const second = await on(teams.memberA, floor.id);
    const gone = seen(host, teams.memberA.user.id, (u) => u === null);
    expect(await ok(call(first, 'floor:leave', {}))).to.equal(null);
    await gone;
    expect(await refused(call(second, 'floor:updateUser', { activeStatus: 'away' }))).to.deep.include(
      'FLOOR_NOT_JOINED',
    );
    expect(await server.models.FloorUser.count({ where: { floorId: floor.id } })).to.equal(1);
  });

  it('closes a timed floor at its end time: everyone is told PAST_FLOOR and taken off it', async () => {
    clock.set('2026-11-30T00:00:00Z');
    const floor = await calls.floor(teams.ownerA); // until 12:00 Japan time on 1 December 2026
    const other = await calls.floor(teams.ownerA, { type: 2 });
    clock.set('2026-12-01T02:59:00Z');
    const host = await on(teams.ownerA, floor.id, 'ja');
    const member = await on(teams.memberA, floor.id);
    const elsewhere = await on(teams.adminA, other.id);
    await server.features.live.sweep();
    expect(await server.models.FloorUser.count({ where: { floorId: floor.id } })).to.equal(2);

    const hostTold = next(host, 'floor:closed');
    const memberTold = next(member, 'floor:closed');
    clock.set('2026-12-01T03:00:00Z');
    await server.features.live.sweep();
    expect(await hostTold).to.deep.equal({
      floorId: floor.id,
      code: 'PAST_FLOOR',
      message: 'このフロアは終了しました。',
    });
    expect(await memberTold).to.deep.equal({
      floorId: floor.id,
      code: 'PAST_FLOOR',
      message: 'This floor has already finished.',
    });
    expect(await refused(call(member, 'floor:updateUser', { activeStatus: 'away' }))).to.deep.include(
      'FLOOR_NOT_JOINED',
    );
    expect(await server.models.FloorUser.count({ where: { floorId: floor.id } })).to.equal(0);
    expect(
      (await server.models.ParticipantLog.findAll({ where: { floorId: floor.id, type: 'leave' }, raw: true })).map(
        (r) => new Date(r.at).toISOString(),
      ),
    ).to.deep.equal(['2026-12-01T03:00:00.000Z', '2026-12-01T03:00:00.000Z']);
    expect(
      (await ok(call<FloorUserDto>(elsewhere, 'floor:updateUser', { activeStatus: 'busy' }))).activeStatus,
    ).to.equal('busy');
  });
});
