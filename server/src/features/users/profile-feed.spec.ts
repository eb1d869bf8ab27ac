import { expect } from 'chai';
import type { FloorInitialData, FloorUserDto, UserDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { api, as, upload } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { io as connect } from 'socket.io-client';
import { call, join, next, ok, pause, refused, socketOf, tokenOf, type Client } from '../floors/live/live.testing';
import { png } from '../uploads/test-images';

/** Every event a socket receives from now on, with its name. */
function recorder(client: Client) {
  const events: [string, unknown][] = [];
  client.onAny((event: string, payload: unknown) => events.push([event, payload]));
  return events;
}

/** Waits for a `floor:usersChanged` that carries `userId` whole and passes `test`. */
async function floorSees(client: Client, userId: number, test: (u: FloorUserDto) => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const batch = await next(client, 'floor:usersChanged', Math.max(1, deadline - Date.now()));
    const user = batch.users.find((u) => u.userId === userId);
    if (user && test(user)) return user;
  }
}

describe(`profile changes over the socket: open tabs and the floor (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const socket = async (who: 'ownerA' | 'memberA' | 'adminA' | 'ownerB' | 'memberB') => {
    const client = await socketOf(server.url, teams[who]);
    open.push(client);
    return client;
  };

  /** memberA with two tabs (one on team A's floor), ownerA on that floor, ownerB on team B's floor. */
  async function scene() {
    const floorA = await calls.floor(teams.ownerA, { type: 2, privacy: 'public' });
    const floorB = await calls.floor(teams.ownerB, { type: 2, privacy: 'public' });
    const teammate = await socket('ownerA');
    await join(teammate, floorA.id);
    const tabOnFloor = await socket('memberA');
    await join(tabOnFloor, floorA.id);
    const otherTab = await socket('memberA');
    const stranger = await socket('ownerB');
    await join(stranger, floorB.id);
    await join(await socket('memberB'), floorB.id); // traffic on B's floor, so its channel is alive
    await pause(300); // the joins' presence batches go out first
    return { floorA, teammate, tabOnFloor, otherTab, stranger, strangerEvents: recorder(stranger) };
  }

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('profile:update renames the caller: both of their tabs and a teammate on the floor see it, another team does not', async () => {
    const { floorA, teammate, tabOnFloor, otherTab, strangerEvents } = await scene();
    const id = teams.memberA.user.id;
    const tabs = [next(tabOnFloor, 'profile:updated'), next(otherTab, 'profile:updated')];
    const onFloor = floorSees(teammate, id, (u) => u.name === 'Mika Tanaka');

    const answer = await ok(call<UserDto>(otherTab, 'profile:update', { name: '  Mika Tanaka ' }));
    expect(answer).to.include({ id, name: 'Mika Tanaka', email: 'member@a.example' });
    for (const seen of await Promise.all(tabs)) expect(seen).to.include({ id, name: 'Mika Tanaka' });
    expect(await onFloor).to.include({ userId: id, name: 'Mika Tanaka', connected: true });
    expect((await server.models.User.findByPk(id))!.name).to.equal('Mika Tanaka');
    // a join after the change shows the new name (the floor's kept profiles were dropped with it)
    const again = await ok(call<FloorInitialData>(await socket('adminA'), 'floor:joinOffice', { floorId: floorA.id }));
    expect(again.users.find((u) => u.userId === id)?.name).to.equal('Mika Tanaka');

    await pause(600); // more than a presence tick: anything meant for B's floor would be here by now
    expect(JSON.stringify(strangerEvents)).to.not.include('Mika Tanaka');
    expect(strangerEvents.map(([event]) => event)).to.not.include('profile:updated');
  });

  it('PATCH /users/me and a new picture are announced the same way', async () => {
    const { teammate, tabOnFloor, otherTab, strangerEvents } = await scene();
    const id = teams.memberA.user.id;
    const renamed = [next(otherTab, 'profile:updated'), floorSees(teammate, id, (u) => u.name === 'Mika T.')];
    const res = await api(server, '/api/users/me', as(teams.memberA, { method: 'PATCH', body: { name: 'Mika T.' } }));
    expect(res.status).to.equal(200);
    const [tab, floor] = await Promise.all(renamed);
    expect(tab).to.include({ name: 'Mika T.' });
    expect(floor).to.include({ name: 'Mika T.' });

    const pictured = [
      next(tabOnFloor, 'profile:updated'),
      floorSees(teammate, id, (u) => u.avatarImageUrl !== null),
    ] as const;
    const put = await upload(server, '/api/users/me/avatar', teams.memberA, {
      bytes: png(),
      name: 'me.png',
      type: 'image/png',
    });
    expect(put.status).to.equal(200);
    const [tabAvatar, floorAvatar] = await Promise.all(pictured);
    expect(tabAvatar.avatarImageUrl).to.be.a('string').and.not.equal(null);
    expect(floorAvatar.avatarImageUrl).to.equal(tabAvatar.avatarImageUrl);

    await pause(600);
    expect(JSON.stringify(strangerEvents)).to.not.include('Mika T.');
    expect(JSON.stringify(strangerEvents)).to.not.include(tabAvatar.avatarImageUrl!);
  });

  it('refuses a bad profile:update with VALIDATION_FAILED and changes and announces nothing', async () => {
    const { otherTab, tabOnFloor } = await scene();
    const before = (await server.models.User.findByPk(teams.memberA.user.id))!.get({ plain: true });
    const events = recorder(tabOnFloor);
    for (const body of [{ name: '' }, { name: 'x'.repeat(500) }, { locale: 'fr' }, { country: 'ZZZ' }, null]) {
      const [code] = await refused(call(otherTab, 'profile:update', body));
      expect(code, JSON.stringify(body)).to.equal('VALIDATION_FAILED');
    }
    await pause(600);
    expect((await server.models.User.findByPk(teams.memberA.user.id))!.get({ plain: true })).to.deep.equal(before);
    expect(events.map(([event]) => event)).to.not.include('profile:updated');
  });

  it('sends the account its profile as it is on every connect, so a tab that was away sees a change made meanwhile', async () => {
    const id = teams.memberB.user.id;
    const tab: Client = connect(server.url, {
      transports: ['websocket'],
      auth: { token: tokenOf(teams.memberB) },
      forceNew: true,
      autoConnect: false,
    });
    open.push(tab);
    const first = next(tab, 'profile:updated');
    tab.connect();
    expect(await first).to.include({ id, email: 'member@b.example' });

    tab.disconnect();
    await server.models.User.update({ name: 'Renamed While Away' }, { where: { id } });
    const again = next(tab, 'profile:updated');
    tab.connect();
    expect(await again).to.include({ id, name: 'Renamed While Away' });
  });
});
