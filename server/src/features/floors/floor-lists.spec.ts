import { expect } from 'chai';
import { detailSchema, floorGroupCountsSchema, floorSchema, pagedSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { actor, type Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from './fixtures';

describe(`floors: lists by group, scope and page (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z'); // Monday 09:00 Japan time
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let guest: Actor;
  const calls = floorCalls(() => server);
  const ids: Record<string, number> = {};
  const list = async (who: Actor, path: string) => {
    const res = await calls.call(who, path);
    expect(res.status, res.text).to.equal(200);
    return pagedSchema(floorSchema).parse(res.json);
  };
  const titles = async (who: Actor, path: string) => (await list(who, path)).data.map((f) => f.title);

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    guest = await actor(server, 'guest@elsewhere.example');
    const day = (d: number, from: string, to: string) => ({
      startAt: `2026-12-0${d}T${from}`,
      endAt: `2026-12-0${d}T${to}`,
    });
    // created "earlier", then the clock moves to 1 December 10:30 Japan time
    ids.morning = (await calls.floor(teams.ownerA, { title: 'morning', ...day(1, '09:00', '10:00') })).id;
    ids.standup = (await calls.floor(teams.ownerA, { title: 'standup', ...day(1, '10:00', '11:00') })).id;
    ids.review = (await calls.floor(teams.adminA, { title: 'review', ...day(1, '10:15', '12:00') })).id;
    ids.tomorrow = (await calls.floor(teams.ownerA, { title: 'tomorrow', ...day(2, '10:00', '11:00') })).id;
    ids.later = (await calls.floor(teams.ownerA, { title: 'later', ...day(3, '10:00', '11:00') })).id;
    ids.office = (await calls.floor(teams.ownerA, { title: 'office', type: 2 })).id;
    ids.bOffice = (await calls.floor(teams.ownerB, { title: 'B office', type: 2 })).id;
    ids.bTalk = (await calls.floor(teams.ownerB, { title: 'B talk', ...day(2, '09:00', '10:00') })).id;
    await calls.register(teams.ownerB, ids.bTalk, [
      { email: 'member@a.example' },
      { email: 'guest@elsewhere.example' },
    ]);
    await calls.register(teams.ownerA, ids.standup, [{ email: 'guest@elsewhere.example' }]);
    clock.set('2026-12-01T01:30:00Z');
  });
  after(() => server?.close());

  it('groups a team’s floors into ongoing, upcoming, past and permanent at the clock’s time', async () => {
    expect(await titles(teams.memberA, '/floors?group=ongoing')).to.deep.equal(['standup', 'review']);
    expect(await titles(teams.memberA, '/floors?group=upcoming')).to.deep.equal(['B talk', 'tomorrow', 'later']);
    expect(await titles(teams.memberA, '/floors?group=past')).to.deep.equal(['morning']);
    expect(await titles(teams.memberA, '/floors?group=permanent')).to.deep.equal(['office']);
    clock.set('2026-12-01T02:00:00Z'); // 11:00: the standup has just finished
    expect(await titles(teams.memberA, '/floors?group=ongoing')).to.deep.equal(['review']);
    expect(await titles(teams.memberA, '/floors?group=past')).to.deep.equal(['standup', 'morning']);
    clock.set('2026-12-01T01:30:00Z');
  });

  it('shows the hosted floors (my floor) and the joined ones (invited to)', async () => {
    expect(await titles(teams.ownerA, '/floors/hosted')).to.deep.equal([
      'office',
      'later',
      'tomorrow',
      'standup',
      'morning',
    ]);
    expect(await titles(teams.adminA, '/floors/hosted')).to.deep.equal(['review']);
    expect(await titles(teams.memberA, '/floors/joined')).to.deep.equal(['B talk']);
    expect(await titles(guest, '/floors/joined')).to.deep.equal(['B talk', 'standup']);
    expect(await titles(guest, '/floors')).to.deep.equal(['B talk', 'standup']);
    expect(await titles(guest, '/floors/joined?group=ongoing')).to.deep.equal(['standup']);
    expect(await titles(guest, '/floors/hosted')).to.deep.equal([]);
  });

  it('never lists another team’s floors the caller is not invited to', async () => {
    const all = await titles(teams.memberB, '/floors?limit=100');
    expect(all).to.deep.equal(['B talk', 'B office']);
    const a = await titles(teams.ownerA, '/floors?limit=100');
    expect(a).to.not.include('B office');
  });

  it('counts each group of a list at the clock’s time, only over the caller’s own floors', async () => {
    const counts = async (who: Actor, path: string) => {
      const res = await calls.call(who, path);
      expect(res.status, res.text).to.equal(200);
      return detailSchema(floorGroupCountsSchema).parse(res.json).data;
    };
    expect(await counts(teams.memberA, '/floors/groups')).to.deep.equal({
      ongoing: 2,
      upcoming: 3,
      past: 1,
      permanent: 1,
    });
    expect(await counts(teams.ownerA, '/floors/hosted/groups')).to.deep.equal({
      ongoing: 1,
      upcoming: 2,
      past: 1,
      permanent: 1,
    });
    // another team's counts never include team A's floors: B's member sees B's two and nothing else
    expect(await counts(teams.memberB, '/floors/groups')).to.deep.equal({
      ongoing: 0,
      upcoming: 1,
      past: 0,
      permanent: 1,
    });
    expect(await counts(guest, '/floors/groups')).to.deep.equal({ ongoing: 1, upcoming: 1, past: 0, permanent: 0 });
    expect((await calls.call(guest, '/floors/hosted/groups')).json).to.deep.equal({
      data: { ongoing: 0, upcoming: 0, past: 0, permanent: 0 },
    });
    clock.set('2026-12-01T02:00:00Z'); // 11:00: the standup has just finished
    expect(await counts(teams.memberA, '/floors/groups')).to.include({ ongoing: 1, past: 2 });
    clock.set('2026-12-01T01:30:00Z');
  });

  it('pages by 20 with count, total, pageCount and page', async () => {
    for (let i = 0; i < 21; i += 1) await calls.floor(teams.ownerA, { title: `perm ${i}`, type: 2 });
    const first = await list(teams.ownerA, '/floors/hosted?group=permanent');
    expect([first.count, first.total, first.pageCount, first.page]).to.deep.equal([20, 22, 2, 1]);
    expect(first.data[0]!.title).to.equal('perm 20');
    const second = await list(teams.ownerA, '/floors/hosted?group=permanent&page=2');
    expect([second.count, second.total, second.pageCount, second.page]).to.deep.equal([2, 22, 2, 2]);
    expect(second.data.map((f) => f.title)).to.deep.equal(['perm 0', 'office']);
    const small = await list(teams.ownerA, '/floors?group=permanent&limit=5&page=5');
    expect([small.count, small.total, small.pageCount]).to.deep.equal([2, 22, 5]);
    const bad = await calls.call(teams.ownerA, '/floors?group=someday');
    expect(bad.status).to.equal(400);
    expect(bad.json.error!.fields).to.have.property('group');
  });

  it('counts participants and marks what the caller may manage', async () => {
    const page = await list(teams.ownerA, '/floors?group=ongoing');
    const standup = page.data.find((f) => f.title === 'standup')!;
    expect([standup.numberOfParticipants, standup.canManage]).to.deep.equal([2, true]);
    const review = page.data.find((f) => f.title === 'review')!;
    expect([review.numberOfParticipants, review.canManage]).to.deep.equal([1, false]);
  });
});
