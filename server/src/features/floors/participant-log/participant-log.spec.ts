import { expect } from 'chai';
import { pagedSchema, participantLogEntrySchema, type RoomDto } from '@tsudoi/common';
import { ManualClock } from '../../../testing/clock';
import { testDialect } from '../../../testing/databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { errorOf, floorCalls, twoTeams } from '../fixtures';
import { join, socketOf } from '../live/live.testing';

describe(`floor enter/leave history (participant log) (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-02T01:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floorId: number;
  let rooms: RoomDto[];
  const calls = floorCalls(() => server);
  const room = (n: number) => rooms.find((r) => r.number === n)!;
  const page = pagedSchema(participantLogEntrySchema);
  const list = (who: typeof teams.ownerA, query: string, lang = 'en') =>
    calls.call(who, `/floors/${floorId}/participant-log?${query}`, { lang });
  const log = (userId: number, type: 'enter' | 'leave', at: string, roomNumber = 1) =>
    server.models.ParticipantLog.create({
      companyId: teams.teamA.id,
      floorId,
      userId,
      type,
      roomId: room(roomNumber).id,
      at: new Date(at),
    });

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    rooms = (await calls.rooms(teams.ownerA, floorId)).json.data as RoomDto[];
    await log(teams.memberA.user.id, 'enter', '2026-11-30T14:59:00Z'); // 30 Nov 23:59 in Japan
    await log(teams.memberA.user.id, 'leave', '2026-11-30T15:00:00Z', 18); // 1 Dec 00:00
    await log(teams.adminA.user.id, 'enter', '2026-12-01T03:00:00Z');
    await log(teams.adminA.user.id, 'leave', '2026-12-01T14:59:59Z', 21); // 1 Dec 23:59:59
    await log(teams.adminA.user.id, 'enter', '2026-12-01T15:00:00Z'); // 2 Dec 00:00
  });
  after(async () => {
    await server?.close();
  });

  it('lists a range of Japan days for the host, in time order, paged, with names and rooms in the caller’s language', async () => {
    const res = await list(teams.ownerA, 'from=2026-12-01&to=2026-12-01');
    expect(res.status, res.text).to.equal(200);
    const answer = page.parse(res.json);
    expect(answer).to.include({ total: 3, count: 3, page: 1, pageCount: 1 });
    expect(answer.data.map((e) => [e.type, e.name, e.roomName, e.at])).to.deep.equal([
      ['leave', 'member', 'Meeting room 1', '2026-12-01T00:00:00+09:00'],
      ['enter', 'admin', 'Entrance', '2026-12-01T12:00:00+09:00'],
      ['leave', 'admin', 'Guest lounge 2', '2026-12-01T23:59:59+09:00'],
    ]);
    const second = page.parse((await list(teams.ownerA, 'from=2026-11-30&to=2026-12-02&limit=2&page=2', 'ja')).json);
    expect(second).to.include({ total: 5, count: 2, page: 2, pageCount: 3 });
    expect(second.data.map((e) => e.roomName)).to.deep.equal(['エントランス', '応接室2']);
  });

  it('downloads the range as CSV (UTF-8 with BOM, header in the caller’s language)', async () => {
    const res = await calls.call(
      teams.ownerA,
      `/floors/${floorId}/participant-log/export?from=2026-12-01&to=2026-12-01`,
      {
        lang: 'ja',
      },
    );
    expect(res.status).to.equal(200);
    const lines = res.text.split('\r\n');
    expect(lines[0]).to.equal('日時（日本時間）,入退室,名前,ルーム,タイムゾーン'); // after the BOM (text() drops it)
    expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(lines.slice(1, 4)).to.deep.equal([
      '2026-12-01 00:00:00,退室,member,会議室1,Asia/Tokyo',
      '2026-12-01 12:00:00,入室,admin,エントランス,Asia/Tokyo',
      '2026-12-01 23:59:59,退室,admin,応接室2,Asia/Tokyo',
    ]);
    expect(lines[4]).to.equal('');
    const raw = await fetch(
      `${server.url}/api/floors/${floorId}/participant-log/export?from=2026-12-01&to=2026-12-01`,
      {
        headers: { ...teams.ownerA.headers, 'x-api-key': server.apiKey },
      },
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
  });

  it('answers every date-range message in en and ja', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['to=2026-12-01', { from: 'Enter the first day' }, 'en'],
      ['from=2026-12-01', { to: 'Enter the last day' }, 'en'],
      ['from=1-12-2026&to=2026-12-01', { from: 'Enter a date like 2026-12-01' }, 'en'],
      ['from=2026-12-02&to=2026-12-01', { to: 'The last day must be on or after the first day' }, 'en'],
      ['from=2025-01-01&to=2026-12-01', { to: 'Choose at most 366 days' }, 'en'],
      ['from=2026-12-02&to=2026-12-01', { to: '終了日は開始日以降にしてください' }, 'ja'],
      ['to=2026-12-01', { from: '開始日を入力してください' }, 'ja'],
    ];
    for (const [query, fields, lang] of cases) {
      const res = await list(teams.ownerA, query, lang);
      expect(errorOf(res), query).to.deep.equal([400, 'VALIDATION_FAILED']);
      expect(res.json.error!.fields, query).to.deep.equal(fields);
    }
  });

  it('refuses another team’s host (not found) and a plain member (forbidden); the host reads one entry', async () => {
    const range = 'from=2026-12-01&to=2026-12-01';
    expect(errorOf(await list(teams.ownerB, range))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await list(teams.memberA, range))).to.deep.equal([403, 'FORBIDDEN']);
    const exported = await calls.call(teams.ownerB, `/floors/${floorId}/participant-log/export?${range}`);
    expect(errorOf(exported)).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    const [first] = page.parse((await list(teams.ownerA, range)).json).data;
    expect(errorOf(await calls.call(teams.ownerB, `/participant-log/${first!.id}`))).to.deep.equal([404, 'NOT_FOUND']);
    expect(errorOf(await calls.call(teams.memberA, `/participant-log/${first!.id}`))).to.deep.equal([403, 'FORBIDDEN']);
    const detail = await calls.call(teams.ownerA, `/participant-log/${first!.id}`);
    expect(participantLogEntrySchema.parse(detail.json.data)).to.deep.equal(first);
  });

  it('shows a real entry to the floor in the history', async () => {
    const socket = await socketOf(server.url, teams.memberA);
    try {
      await join(socket, floorId);
      await server.features.live.flush();
      const today = page.parse((await list(teams.ownerA, 'from=2026-12-02&to=2026-12-02')).json);
      expect(today.data.map((e) => [e.type, e.name, e.roomName])).to.deep.include(['enter', 'member', 'Entrance']);
    } finally {
      socket.disconnect();
    }
  });
});
