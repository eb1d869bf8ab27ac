import { expect } from 'chai';
import { io as connect } from 'socket.io-client';
import { mutationSchema, roomSchema, type FloorUserDto, type RoomDto } from '@tsudoi/common';
import { ManualClock } from '../testing/clock';
import { call as http } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { Actor } from '../features/companies/fixtures';
import { errorOf, floorCalls, twoTeams } from '../features/floors/fixtures';
import { guestSession, socketWithToken } from '../features/floors/guests/guests.testing';
import { call, join, ok, pause, refused, socketOf, tokenOf, type Client } from '../features/floors/live/live.testing';
import {
  FLOOR_PASSWORD_ADDRESS_LIMIT,
  FLOOR_PASSWORD_ALERT,
  FLOOR_PASSWORD_FREE_TRIES,
} from '../features/floors/guests/floor-password';

const PASSWORD = 'open-sesame';

/** Issue 13 item 7, from the attacker's side: permissions by design on the floor. */
describe('abuse: room locks and guest links', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  let floorId: number;
  let rooms: RoomDto[];
  const room = (n: number) => rooms.find((r) => r.number === n)!;
  const roomRow = async (n: number) => (await server.models.FloorRoom.findByPk(room(n).id, { raw: true }))!;
  const on = async (who: Actor) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    await join(client, floorId);
    return client;
  };
  const move = (client: Client, n: number) => ok(call<FloorUserDto>(client, 'floor:joinRoom', { roomId: room(n).id }));

  before(async () => {
    server = await startTestServer({}, { clock: new ManualClock('2026-11-30T00:00:00Z') });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    rooms = roomSchema.array().parse((await calls.rooms(teams.ownerA, floorId)).json.data);
  });
  after(async () => {
    for (const c of open) c.disconnect();
    await server?.close();
  });

  it('refuses a lock by a participant outside the room and by another company, changing nothing', async () => {
    const member = await on(teams.memberA);
    await move(member, 9); // at table B, not in meeting room 1
    const before = await roomRow(12);
    const outside = await calls.lock(teams.memberA, room(12).id, true);
    expect([...errorOf(outside), outside.json.error?.message]).to.deep.equal([
      403,
      'ROOM_LOCK_NOT_ALLOWED',
      'Only the host, subhosts and people in this room can lock it.',
    ]);
    expect(errorOf(await calls.lock(teams.memberB, room(12).id, true))).to.deep.equal([404, 'ROOM_NOT_FOUND']);
    expect(errorOf(await calls.lock(teams.ownerB, room(12).id, true))).to.deep.equal([404, 'ROOM_NOT_FOUND']);
    expect(await roomRow(12)).to.deep.equal(before);
  });

  it('never locks the entrance (or out of office), not even for the host', async () => {
    const host = await on(teams.ownerA);
    await move(host, 1);
    for (const n of [1, 24]) {
      const before = await roomRow(n);
      const res = await calls.lock(teams.ownerA, room(n).id, true);
      expect([...errorOf(res), res.json.error?.message]).to.deep.equal([
        409,
        'ROOM_NOT_LOCKABLE',
        'This room is always open and cannot be locked.',
      ]);
      expect(await roomRow(n)).to.deep.equal(before);
    }
  });

  it('lets someone inside lock; whoever else is outside can neither unlock nor lock it again', async () => {
    const member = await on(teams.memberA);
    await move(member, 12);
    const locked = await calls.lock(teams.memberA, room(12).id, true);
    expect(locked.status, locked.text).to.equal(200);
    const password = mutationSchema(roomSchema).parse(locked.json).data.password;
    expect(password).to.match(/^\d{6}$/);
    const before = await roomRow(12);
    expect(errorOf(await calls.lock(teams.adminA, room(12).id, false))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.lock(teams.adminA, room(12).id, true))).to.deep.equal([403, 'FORBIDDEN']);
    expect(await roomRow(12)).to.deep.equal(before);
    // once they have left, being the locker lets them open it; it no longer lets them lock another room
    await move(member, 9);
    expect(errorOf(await calls.lock(teams.memberA, room(13).id, true))).to.deep.equal([403, 'ROOM_LOCK_NOT_ALLOWED']);
    expect((await calls.lock(teams.memberA, room(12).id, false)).status).to.equal(200);
    // the host and a subhost lock from anywhere
    const sub = await calls.register(teams.ownerA, floorId, [
      { email: 'admin@a.example', permissions: { subhost: true } },
    ]);
    expect(sub.status, sub.text).to.equal(201);
    expect((await calls.lock(teams.adminA, room(13).id, true)).status).to.equal(200);
    expect((await calls.lock(teams.ownerA, room(14).id, true)).status).to.equal(200);
  });

  it('keeps account-less guest sessions off the lock call', async () => {
    const appId = (await server.models.Floor.findByPk(floorId))!.inviteToken;
    const session = await guestSession(server, floorId, appId, 'Visitor');
    const guest = await socketWithToken(server, session.token);
    open.push(guest);
    await join(guest, floorId);
    await ok(call(guest, 'floor:joinRoom', { roomId: room(11).id }));
    const res = await http(server.url, `/api/floor-room/${room(11).id}/lock`, {
      apiKey: server.apiKey,
      headers: { Authorization: `Bearer ${session.token}` },
      body: { locked: true },
    });
    expect(res.status).to.equal(401);
    expect((await server.models.FloorRoom.findByPk(room(11).id))!.locked).to.equal(false);
  });

  it('never lets a signed-in account claim an invited guest’s app_id', async () => {
    await calls.register(teams.ownerA, floorId, [{ email: 'partner@c.example' }]);
    const row = (await server.models.FloorParticipant.findOne({ where: { floorId, email: 'partner@c.example' } }))!;
    const before = await server.models.FloorParticipant.findAll({ where: { floorId }, raw: true });
    for (const who of [teams.memberB, teams.ownerB]) {
      const res = await calls.call(who, `/floors/${floorId}/join-link`, { body: { participantId: row.publicToken } });
      expect(errorOf(res)).to.deep.equal([409, 'GUEST_LINK_NOT_FOR_ACCOUNTS']);
    }
    expect(await server.models.FloorParticipant.findAll({ where: { floorId }, raw: true })).to.deep.equal(before);
    expect(row.userId).to.equal(null);
    expect(errorOf(await calls.get(teams.memberB, floorId))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    // the guest it was sent to still uses it without an account
    expect((await guestSession(server, floorId, row.publicToken, 'Partner')).floorId).to.equal(floorId);
  });
});

describe('abuse: floor password guessing', function () {
  this.timeout(120_000);
  let server: TestServer;
  let trusted: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let teamsT: Awaited<ReturnType<typeof twoTeams>>;
  const open: Client[] = [];

  before(async () => {
    server = await startTestServer({});
    // behind a trusted reverse proxy the attacker's X-Forwarded-For is believed: rotating it must not help
    trusted = await startTestServer({ TRUST_PROXY: 'loopback' });
    teams = await twoTeams(server);
    teamsT = await twoTeams(trusted);
  });
  after(async () => {
    for (const c of open) c.disconnect();
    await trusted?.close();
    await server?.close();
  });

  async function passwordFloor(on: TestServer, owner: Actor, password = PASSWORD) {
    const floor = await floorCalls(() => on).floor(owner, { type: 2, password });
    const row = (await on.models.Floor.findByPk(floor.id))!;
    return { id: floor.id, inviteToken: row.inviteToken };
  }
  const guess = (on: TestServer, floorId: number, appId: string, password: string, from?: string) =>
    http(on.url, `/api/floors/${floorId}/join-guest`, {
      apiKey: on.apiKey,
      lang: 'en',
      body: { participantId: appId, name: 'Guesser', password },
      ...(from ? { headers: { 'X-Forwarded-For': from } } : {}),
    });

  it('slows guesses on an invited guest’s link per floor and participant, however the address rotates; the right password then waits seconds, not the window', async () => {
    const teams = teamsT;
    const floor = await passwordFloor(trusted, teams.ownerA);
    await floorCalls(() => trusted).register(teams.ownerA, floor.id, [{ email: 'partner@c.example' }]);
    const link = (await trusted.models.FloorParticipant.findOne({
      where: { floorId: floor.id, email: 'partner@c.example' },
    }))!.publicToken;
    for (let i = 0; i < FLOOR_PASSWORD_FREE_TRIES; i++)
      expect(errorOf(await guess(trusted, floor.id, link, `wrong-${i}`, `198.51.100.${i}`))).to.deep.equal([
        403,
        'FLOOR_PASSWORD_ERROR',
      ]);
    const blocked = await guess(trusted, floor.id, link, PASSWORD, '203.0.113.77');
    expect(errorOf(blocked)).to.deep.equal([429, 'FLOOR_PASSWORD_LIMIT']);
    expect(blocked.json.error?.message).to.equal('Too many wrong floor passwords. Please try again in 1 seconds.');
    await pause(1100);
    expect((await guess(trusted, floor.id, link, PASSWORD, '203.0.113.77')).status).to.equal(201);
  });

  it('slows a member’s guesses on the socket per floor and account, from any number of sockets and addresses', async () => {
    const teams = teamsT;
    const floor = await passwordFloor(trusted, teams.ownerA);
    const socketFrom = async (address: string) => {
      const client: Client = connect(trusted.url, {
        transports: ['websocket'],
        auth: { token: tokenOf(teams.memberA) },
        extraHeaders: { 'x-forwarded-for': address },
        forceNew: true,
        reconnection: false,
      });
      open.push(client);
      await new Promise((resolve, reject) => {
        client.once('connect', () => resolve(undefined));
        client.once('connect_error', reject);
      });
      return client;
    };
    for (let i = 0; i < FLOOR_PASSWORD_FREE_TRIES; i++) {
      const client = await socketFrom(`198.51.100.${i}`);
      expect(await refused(call(client, 'floor:joinOffice', { floorId: floor.id, password: `wrong-${i}` }))).to.include(
        'FLOOR_PASSWORD_ERROR',
      );
    }
    const last = await socketFrom('203.0.113.9');
    expect(await refused(call(last, 'floor:joinOffice', { floorId: floor.id, password: PASSWORD }))).to.include(
      'FLOOR_PASSWORD_LIMIT',
    );
    expect(
      await trusted.models.FloorUser.count({ where: { floorId: floor.id, userId: teams.memberA.user.id } }),
    ).to.equal(0);
  });

  it('a guesser rotating addresses on a public event’s link never locks out the rightful guests; the host is told', async () => {
    const teams = teamsT;
    const floor = await passwordFloor(trusted, teams.ownerA);
    const hostSocket: Client = connect(trusted.url, {
      transports: ['websocket'],
      auth: { token: tokenOf(teams.ownerA) },
      query: { lang: 'en' },
      forceNew: true,
      reconnection: false,
    });
    open.push(hostSocket);
    await new Promise((resolve) => hostSocket.once('connect', () => resolve(undefined)));
    const notices: { message: string }[] = [];
    hostSocket.on('session:notice', (n) => notices.push(n));
    // many addresses, two guesses each: nobody ever reaches a wait, and the floor itself never closes
    for (let i = 0; i < FLOOR_PASSWORD_ALERT.points + 10; i++)
      expect(errorOf(await guess(trusted, floor.id, floor.inviteToken, `wrong-${i}`, `10.1.${i}.1`))).to.deep.equal([
        403,
        'FLOOR_PASSWORD_ERROR',
      ]);
    // the visitors who know the password come in, from their own addresses
    for (const from of ['10.2.0.1', '10.2.0.2', '10.2.0.3'])
      expect((await guess(trusted, floor.id, floor.inviteToken, PASSWORD, from)).status).to.equal(201);
    // one address that keeps guessing is slowed, alone
    for (let i = 0; i < FLOOR_PASSWORD_FREE_TRIES; i++)
      await guess(trusted, floor.id, floor.inviteToken, `again-${i}`, '10.9.9.9');
    expect(errorOf(await guess(trusted, floor.id, floor.inviteToken, PASSWORD, '10.9.9.9'))).to.deep.equal([
      429,
      'FLOOR_PASSWORD_LIMIT',
    ]);
    expect((await guess(trusted, floor.id, floor.inviteToken, PASSWORD, '10.2.0.4')).status).to.equal(201);
    // the host heard it once (on every page they have open), with what it means
    await pause(300);
    expect(notices).to.have.length(1);
    expect(notices[0]!.message).to.match(/^Someone is guessing the password of “.+” \(\d+ wrong tries in 10 minutes\)/);
  });

  it('limits one address over every floor, below each floor’s own limit', async () => {
    const teams = teamsT;
    const per = FLOOR_PASSWORD_FREE_TRIES - 1; // never a floor's own slow-down
    const floors = [];
    for (let i = 0; i * per <= FLOOR_PASSWORD_ADDRESS_LIMIT.points; i++)
      floors.push(await passwordFloor(trusted, teams.ownerA));
    let sent = 0;
    for (const floor of floors)
      for (let i = 0; i < per && sent < FLOOR_PASSWORD_ADDRESS_LIMIT.points; i++, sent++)
        expect(errorOf(await guess(trusted, floor.id, floor.inviteToken, `wrong-${i}`, '192.0.2.50'))).to.deep.equal([
          403,
          'FLOOR_PASSWORD_ERROR',
        ]);
    const fresh = floors[floors.length - 1]!;
    expect(errorOf(await guess(trusted, fresh.id, fresh.inviteToken, PASSWORD, '192.0.2.50'))).to.deep.equal([
      429,
      'FLOOR_PASSWORD_LIMIT',
    ]);
    // another address is not punished for it
    expect((await guess(trusted, fresh.id, fresh.inviteToken, PASSWORD, '192.0.2.51')).status).to.equal(201);
  });

  it('does not believe X-Forwarded-For unless a proxy is configured', async () => {
    const floor = await passwordFloor(server, teams.ownerA);
    // rotating the header changes nothing: every guess counts against the real peer's address
    for (let i = 0; i < FLOOR_PASSWORD_FREE_TRIES; i++)
      expect(errorOf(await guess(server, floor.id, floor.inviteToken, `wrong-${i}`, `10.3.${i}.1`))).to.deep.equal([
        403,
        'FLOOR_PASSWORD_ERROR',
      ]);
    expect(errorOf(await guess(server, floor.id, floor.inviteToken, PASSWORD, '10.4.0.1'))).to.deep.equal([
      429,
      'FLOOR_PASSWORD_LIMIT',
    ]);
  });

  it('refuses a floor password of 5 characters with the validation message, and takes 6', async () => {
    const calls = floorCalls(() => server);
    const floorsBefore = await server.models.Floor.count();
    const short = await calls.create(teams.ownerA, { ...floorBodyOf(), password: 'abcde' });
    expect(errorOf(short)).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(short.json.error?.fields).to.deep.equal({ password: 'Use 6 to 32 characters for the password' });
    const ja = await calls.call(teams.ownerA, '/floors', { body: { ...floorBodyOf(), password: 'abcde' }, lang: 'ja' });
    expect(ja.json.error?.fields).to.deep.equal({ password: 'パスワードは 6〜32 文字で入力してください' });
    expect(await server.models.Floor.count()).to.equal(floorsBefore);
    const floor = await calls.floor(teams.ownerA, { type: 2, password: 'abcdef' });
    const edit = await calls.update(teams.ownerA, floor.id, { password: 'abcde' });
    expect(errorOf(edit)).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect((await server.models.Floor.findByPk(floor.id))!.passwordHash).to.not.equal(null);
  });
});

const floorBodyOf = () => ({
  title: 'Guarded',
  catchcopy: 'x',
  catchphrase: 'y',
  description: 'z',
  type: 2,
  privacy: 'public',
  floorPlanId: 'office-24',
});
