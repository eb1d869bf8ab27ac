import { expect } from 'chai';
import { activitySchema, mutationSchema, type ActivityDto } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { actor, type Actor } from '../companies/fixtures';
import { errorOf, floorCalls, twoTeams } from '../floors/fixtures';
import { join, next, socketOf, type Client } from '../floors/live/live.testing';

describe(`today's events (activities) (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z'); // 10:00 Japan time
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floorId: number;
  const open: Client[] = [];
  const calls = floorCalls(() => server);
  const body = (extra: Record<string, unknown> = {}) => ({
    floorId,
    type: 'MEETING',
    description: 'Sales weekly',
    startAt: '2026-12-01T13:00',
    endAt: '2026-12-01T14:00',
    ...extra,
  });
  const add = (who: Actor, extra: Record<string, unknown> = {}, lang = 'en') =>
    calls.call(who, '/activities', { body: body(extra), lang });
  const added = async (who: Actor, extra: Record<string, unknown> = {}): Promise<ActivityDto> => {
    const res = await add(who, extra);
    expect(res.status, res.text).to.equal(201);
    return mutationSchema(activitySchema).parse(res.json).data;
  };
  const list = (who: Actor) => calls.call(who, `/activities?floorId=${floorId}`);
  const edit = (who: Actor, id: number, patch: unknown) =>
    calls.call(who, `/activities/${id}`, { method: 'PATCH', body: patch });
  const remove = (who: Actor, id: number) => calls.call(who, `/activities/${id}`, { method: 'DELETE' });
  const rows = () => server.models.Activity.findAll({ order: [['id', 'ASC']], raw: true });

  beforeEach(async () => {
    clock.set('2026-12-01T01:00:00Z');
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.disconnect();
    await server?.close();
  });

  it('adds, lists, edits and deletes an entry, and tells everyone on the floor live', async () => {
    const watcher = await socketOf(server.url, teams.memberA);
    open.push(watcher);
    await join(watcher, floorId);
    const created = next(watcher, 'activity:created');
    const entry = await added(teams.ownerA);
    expect(entry).to.deep.include({
      type: 'MEETING',
      description: 'Sales weekly',
      startAt: '2026-12-01T13:00:00+09:00',
      endAt: '2026-12-01T14:00:00+09:00',
      canEdit: true,
    });
    expect(await created).to.deep.include({ id: entry.id, description: 'Sales weekly', canEdit: false });
    const listed = (await list(teams.memberA)).json.data as ActivityDto[];
    expect(listed.map((a) => [a.id, a.canEdit])).to.deep.equal([[entry.id, false]]);

    const updated = next(watcher, 'activity:updated');
    const res = await edit(teams.ownerA, entry.id, { description: 'Sales weekly (moved)', endAt: '2026-12-01T15:00' });
    expect(res.status, res.text).to.equal(200);
    expect(res.json.message).to.equal('The event was updated');
    expect(await updated).to.deep.include({ id: entry.id, endAt: '2026-12-01T15:00:00+09:00' });

    const deleted = next(watcher, 'activity:deleted');
    expect((await remove(teams.ownerA, entry.id)).status).to.equal(200);
    expect(await deleted).to.deep.equal({ id: entry.id, floorId });
    expect(await rows()).to.deep.equal([]);
  });

  it('answers every validation message in en and ja, adding nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>, string][] = [
      [{ description: '' }, { description: 'Enter what happens' }, 'en'],
      [{ description: 'x'.repeat(201) }, { description: 'Use at most 200 characters' }, 'en'],
      [{ type: 'PARTY' }, { type: 'Choose a type' }, 'en'],
      [{ startAt: undefined }, { startAt: 'Start time is required' }, 'en'],
      [{ endAt: undefined }, { endAt: 'End time is required' }, 'en'],
      [{ startAt: '2026-12-01T15:00' }, { endAt: 'The start must be before the end' }, 'en'],
      [{ startAt: '2026-12-01T09:00' }, { startAt: 'The start must be now or later' }, 'en'],
      [
        { startAt: '2026-12-02T10:00', endAt: '2026-12-02T11:00' },
        {
          startAt: "Today's events start and end today (Japan time)",
          endAt: "Today's events start and end today (Japan time)",
        },
        'en',
      ],
      [{ endAt: '2026-12-02T01:00' }, { endAt: '本日の予定は本日中（日本時間）に開始・終了してください' }, 'ja'],
      [{ description: ' ' }, { description: '内容を入力してください' }, 'ja'],
      [{ startAt: '2026-12-01T09:59' }, { startAt: '開始日時は現在以降にしてください' }, 'ja'],
    ];
    for (const [extra, fields, lang] of cases) {
      const res = await add(teams.ownerA, extra, lang);
      expect(errorOf(res), JSON.stringify(extra)).to.deep.equal([400, 'VALIDATION_FAILED']);
      expect(res.json.error!.fields, JSON.stringify(extra)).to.deep.equal(fields);
    }
    // an entry may end at midnight
    await added(teams.ownerA, { endAt: '2026-12-02T00:00' });
    expect(await rows()).to.have.length(1);
  });

  it('keeps only today: yesterday’s entries are gone the next day, and cannot be edited', async () => {
    const entry = await added(teams.ownerA);
    clock.set('2026-12-01T15:00:00Z'); // midnight in Japan
    expect((await list(teams.ownerA)).json.data).to.deep.equal([]);
    expect(await rows()).to.deep.equal([]);
    expect(errorOf(await edit(teams.ownerA, entry.id, { description: 'late' }))).to.deep.equal([404, 'NOT_FOUND']);
  });

  it('refuses another team, a member editing the host’s entry, and a LIMITED_USER adding, changing nothing', async () => {
    const entry = await added(teams.ownerA);
    const before = await rows();
    expect(errorOf(await list(teams.ownerB))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await add(teams.ownerB))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await edit(teams.ownerB, entry.id, { description: 'x' }))).to.deep.equal([404, 'NOT_FOUND']);
    expect(errorOf(await remove(teams.ownerB, entry.id))).to.deep.equal([404, 'NOT_FOUND']);
    expect(errorOf(await edit(teams.memberA, entry.id, { description: 'x' }))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await remove(teams.memberA, entry.id))).to.deep.equal([403, 'FORBIDDEN']);
    const limited = await actor(server, 'limited@a.example', {
      employmentCompanyId: teams.teamA.id,
      employeeRole: 'LIMITED_USER',
    });
    expect(errorOf(await add(limited))).to.deep.equal([403, 'FORBIDDEN']);
    expect(((await list(limited)).json.data as ActivityDto[]).map((a) => a.id)).to.deep.equal([entry.id]);
    expect(await rows()).to.deep.equal(before);
    // a full member adds and edits their own
    const own = await added(teams.memberA, { description: 'Lunch', type: 'BREAK' });
    expect((await edit(teams.memberA, own.id, { description: 'Lunch together' })).status).to.equal(200);
  });
});
