import { expect } from 'chai';
import { batchPlaces } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { ManualClock } from '../../../testing/clock';
import { floorCalls, twoTeams } from '../fixtures';
import { batches, call, join, next, ok, pause, refused, seen, socketOf, type Client } from './live.testing';

describe(`live floor: joining, moves and presence (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-30T00:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const socket = async (who: keyof typeof teams) => {
    const client = await socketOf(server.url, teams[who] as Parameters<typeof socketOf>[1]);
    open.push(client);
    return client;
  };
  const permanent = () => calls.floor(teams.ownerA, { type: 2, privacy: 'public' });

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('joins at the entrance and answers the floor, the rooms with their lock state and who is on the floor', async () => {
    const floor = await permanent();
    const rooms = (await calls.rooms(teams.ownerA, floor.id)).json.data as { id: number; number: number }[];
    const table = rooms.find((r) => r.number === 8)!;
    expect((await calls.lock(teams.ownerA, table.id, true)).status).to.equal(200);

    const host = await join(await socket('ownerA'), floor.id);
    const data = await join(await socket('memberA'), floor.id);
    expect(data.floor).to.include({ id: floor.id, title: 'All hands', status: 'running', canManage: false });
    expect(data.rooms).to.have.length(24);
    expect(data.rooms.find((r) => r.id === table.id)).to.include({ locked: true, password: null, name: 'Table A' });
    expect(host.rooms.find((r) => r.id === table.id)!.password).to.match(/^\d{6}$/);
    const entrance = rooms.find((r) => r.number === 1)!.id;
    expect(
      data.users.map((u) => [u.userId, u.roomId, u.seat, u.participantType, u.activeStatus, u.connected]),
    ).to.deep.equal([
      [teams.ownerA.user.id, entrance, 1, 'HOST', 'available', true],
      [teams.memberA.user.id, entrance, 2, 'EMPLOYEE', 'available', true],
    ]);
    expect(data.me).to.deep.include({ userId: teams.memberA.user.id, participantType: 'EMPLOYEE', isHost: false });
    expect(host.me).to.deep.include({ participantType: 'HOST', isHost: true, canManage: true });
    expect(host.me.permissions).to.deep.equal({
      speech: true,
      subhost: true,
      meetingRoom: true,
      receptionRoom: true,
      conference: true,
      recording: true,
    });
  });

  it('shows moves and activeStatus changes live to another client', async () => {
    const floor = await permanent();
    const watcher = await socket('ownerA');
    await join(watcher, floor.id);
    const mover = await socket('memberA');
    const { rooms } = await join(mover, floor.id);
    const breakRoom = rooms.find((r) => r.number === 3)!;
    const moved = seen(watcher, teams.memberA.user.id, (u) => u?.roomId === breakRoom.id && u.seat === 4);
    expect(await ok(call(mover, 'floor:joinRoom', { roomId: breakRoom.id, seat: 4 }))).to.include({
      roomId: breakRoom.id,
      seat: 4,
    });
    await moved;
    const busy = seen(watcher, teams.memberA.user.id, (u) => u?.activeStatus === 'busy');
    await ok(call(mover, 'floor:updateUser', { activeStatus: 'busy' }));
    await busy;
    expect(await refused(call(mover, 'floor:updateUser', { activeStatus: 'asleep' }))).to.deep.include(
      'VALIDATION_FAILED',
    );
    const admin = await socket('adminA');
    await join(admin, floor.id);
    expect(await refused(call(admin, 'floor:joinRoom', { roomId: breakRoom.id, seat: 4 }))).to.deep.equal([
      'SEAT_TAKEN',
      'This seat is taken.',
    ]);
  });

  it('batches presence per tick: many moves give one event per tick and the final state is right', async () => {
    const floor = await permanent();
    const watcher = await socket('ownerA');
    await join(watcher, floor.id);
    const movers = [teams.memberA, teams.adminA];
    const clients = [await socket('memberA'), await socket('adminA')];
    const { rooms } = await join(clients[0]!, floor.id);
    await join(clients[1]!, floor.id);
    await pause(200);
    const got = batches(watcher);
    const tables = rooms.filter((r) => r.number >= 8 && r.number <= 17);
    const started = Date.now();
    const answers = await Promise.all(
      clients.flatMap((client, c) =>
        Array.from({ length: 20 }, (_, i) =>
          call(client, 'floor:joinRoom', { roomId: tables[(i + c * 5) % 10]!.id, seat: 1 + c * 3 + (i % 3) }),
        ),
      ),
    );
    const elapsed = Date.now() - started;
    // the floor engine answers every move from memory, in order: none is superseded or refused
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.error.code))).to.deep.equal([]);
    expect([answers[19]!.ok, answers[39]!.ok]).to.deep.equal([true, true]);
    await pause(300);
    // 40 changes, but at most one batch per window of at least 5 ms (timers run late, never early; 4.5 allows
    // rounding), and never more batches than changes
    expect(got.length)
      .to.be.at.least(1)
      .and.at.most(Math.min(40, Math.ceil(elapsed / 4.5) + 2));
    for (const batch of got) {
      expect(batch).to.include({ floorId: floor.id });
      const named = batchPlaces(batch).map((u) => u.userId);
      expect(new Set(named).size).to.equal(named.length);
    }
    for (const who of movers) {
      const row = await server.models.FloorUser.findOne({ where: { floorId: floor.id, userId: who.user.id } });
      const last = got
        .flatMap((b) => batchPlaces(b))
        .filter((u) => u.userId === who.user.id)
        .at(-1);
      expect(last).to.include({ roomId: row!.roomId, seat: row!.seat, connected: true });
    }
  });

  it('keeps a user connected until their last socket goes, and logs each enter and leave', async () => {
    const floor = await permanent();
    const watcher = await socket('ownerA');
    await join(watcher, floor.id);
    const first = await socket('memberA');
    const { rooms } = await join(first, floor.id);
    const booth = rooms.find((r) => r.number === 5)!;
    await ok(call(first, 'floor:joinRoom', { roomId: booth.id }));
    const second = await socket('memberA');
    expect((await join(second, floor.id)).users.find((u) => u.userId === teams.memberA.user.id)).to.include({
      roomId: booth.id,
      connected: true,
    });
    await pause(200);
    const got = batches(watcher);
    first.disconnect();
    await pause(300);
    expect(got.flatMap((b) => batchPlaces(b)).filter((u) => !u.connected)).to.deep.equal([]);
    const gone = seen(watcher, teams.memberA.user.id, (u) => u?.connected === false && u.roomId === booth.id);
    second.disconnect();
    await gone;

    clock.advance(60_000);
    const back = await socket('memberA');
    const again = await join(back, floor.id);
    expect(again.users.find((u) => u.userId === teams.memberA.user.id)).to.include({ roomId: booth.id, seat: 1 });
    const log = await server.models.ParticipantLog.findAll({
      where: { floorId: floor.id, userId: teams.memberA.user.id },
      order: [['id', 'ASC']],
      raw: true,
    });
    const entrance = rooms.find((r) => r.number === 1)!.id;
    expect(log.map((r) => [r.companyId, r.type, r.roomId, new Date(r.at).toISOString()])).to.deep.equal([
      [teams.teamA.id, 'enter', entrance, '2026-11-30T00:00:00.000Z'],
      [teams.teamA.id, 'leave', booth.id, '2026-11-30T00:00:00.000Z'],
      [teams.teamA.id, 'enter', booth.id, '2026-11-30T00:01:00.000Z'],
    ]);
  });

  it('tells the people on the floor when a room is locked over REST, without its password', async () => {
    const floor = await permanent();
    const member = await socket('memberA');
    const { rooms } = await join(member, floor.id);
    const lounge = rooms.find((r) => r.number === 21)!;
    const changed = next(member, 'floor:roomChanged');
    expect((await calls.lock(teams.ownerA, lounge.id, true)).status).to.equal(200);
    expect(await changed).to.deep.include({ id: lounge.id, locked: true, password: null, name: 'Guest lounge 2' });
  });

  it('refuses requests before joining with FLOOR_NOT_JOINED', async () => {
    const client = await socket('memberA');
    expect(await refused(call(client, 'floor:updateUser', { activeStatus: 'away' }))).to.deep.equal([
      'FLOOR_NOT_JOINED',
      'Join the floor first.',
    ]);
  });
});
