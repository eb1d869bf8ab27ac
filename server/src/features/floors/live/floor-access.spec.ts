import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { ManualClock } from '../../../testing/clock';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { call, join, refused, socketOf, type Client } from './live.testing';

describe(`live floor: who may join, and when (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const socket = async (who: Actor, lang = 'en') => {
    const client = await socketOf(server.url, who, lang);
    open.push(client);
    return client;
  };
  const joinOffice = (client: Client, floorId: number) => call(client, 'floor:joinOffice', { floorId });

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('refuses a user of another team exactly as a floor that does not exist, and leaves no trace', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const outsider = await socket(teams.ownerB);
    const missing = await refused(joinOffice(outsider, 999_999));
    expect(missing).to.deep.equal(['FLOOR_NOT_FOUND', 'Floor not found']);
    expect(await refused(joinOffice(outsider, floor.id))).to.deep.equal(missing);
    expect(await server.models.FloorUser.count({ where: { floorId: floor.id } })).to.equal(0);
    expect(await server.models.ParticipantLog.count({ where: { floorId: floor.id } })).to.equal(0);
    expect(await refused(call(outsider, 'floor:updateUser', { activeStatus: 'busy' }))).to.deep.include(
      'FLOOR_NOT_JOINED',
    );
  });

  it('lets only the team and invited people onto a private floor; an invited outsider joins as a GUEST', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'private' });
    const stranger = await socket(teams.memberB);
    expect(await refused(joinOffice(stranger, floor.id))).to.deep.equal(['FLOOR_NOT_FOUND', 'Floor not found']);
    expect((await join(await socket(teams.memberA), floor.id)).me.participantType).to.equal('EMPLOYEE');
    expect((await calls.register(teams.ownerA, floor.id, [{ email: 'member@b.example' }])).status).to.equal(201);
    const guest = await join(stranger, floor.id);
    expect(guest.me).to.deep.include({ participantType: 'GUEST', canManage: false });
    expect(guest.users.map((u) => [u.userId, u.participantType])).to.deep.include([teams.memberB.user.id, 'GUEST']);
  });

  it('opens a timed floor to its hosts before the start, to everyone while it runs, and to nobody after the end', async () => {
    const floor = await calls.floor(teams.ownerA); // 1 December 2026, 10:00–12:00 Japan time
    expect(await refused(joinOffice(await socket(teams.memberA), floor.id))).to.deep.equal([
      'FLOOR_NOT_STARTED',
      'This floor has not started yet. It opens at 2026-12-01T10:00:00+09:00.',
    ]);
    expect((await join(await socket(teams.ownerA), floor.id)).floor.status).to.equal('upcoming');
    clock.set('2026-12-01T01:00:00Z');
    expect((await join(await socket(teams.memberA), floor.id)).floor.status).to.equal('running');
    clock.set('2026-12-01T03:00:00Z');
    const late = await socket(teams.adminA, 'ja');
    expect(await refused(joinOffice(late, floor.id))).to.deep.equal(['PAST_FLOOR', 'このフロアは終了しました。']);
    expect(await refused(joinOffice(await socket(teams.ownerA), floor.id))).to.deep.include('PAST_FLOOR');
    clock.set('2026-11-30T00:00:00Z');
  });
});
