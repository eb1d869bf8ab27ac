import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { FloorDto, FloorInitialData } from '@tsudoi/common';
import { ManualClock } from '../../../testing/clock';
import { testDialect } from '../../../testing/databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { call, join, next, ok, refused, seen, socketOf, type Client } from '../live/live.testing';
import { signGuestToken } from './guest-token';
import { guestSession, handshakeRefused, socketWithToken } from './guests.testing';

describe(`floor guests on the live floor (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const track = (client: Client) => {
    open.push(client);
    return client;
  };
  const member = async (who: Actor) => track(await socketOf(server.url, who));
  const inviteTokenOf = async (floorId: number) => (await server.models.Floor.findByPk(floorId))!.inviteToken;
  const guest = async (floor: FloorDto, name: string) => {
    const session = await guestSession(server, floor.id, await inviteTokenOf(floor.id), name);
    return { session, socket: track(await socketWithToken(server, session.token)) };
  };
  const roomOf = async (floorId: number, number: number) =>
    (await server.models.FloorRoom.findOne({ where: { floorId, number } }))!;
  const secret = () => server.config.jwtSecret;

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('shows a guest to the members like anyone else; they see each other move; the guest skips room passwords', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const alice = await member(teams.memberA);
    await join(alice, floor.id);
    const { session, socket } = await guest(floor, 'Gina Guest');
    const arrival = seen(alice, session.userId, (u) => u?.name === 'Gina Guest' && u.participantType === 'GUEST');
    const entered = await join(socket, floor.id);
    await arrival;
    expect(entered.me).to.deep.include({
      userId: session.userId,
      participantType: 'GUEST',
      isGuest: true,
      canManage: false,
      isHost: false,
    });
    expect(Object.values(entered.me.permissions)).to.deep.equal([false, false, false, false, false, false]);
    expect(entered.users.map((u) => u.userId)).to.include(teams.memberA.user.id);

    const lounge = await roomOf(floor.id, 10);
    const seesGuest = seen(alice, session.userId, (u) => u?.roomId === lounge.id);
    await ok(call(socket, 'floor:joinRoom', { roomId: lounge.id }));
    await seesGuest;
    const office = await roomOf(floor.id, 8);
    const seesMember = seen(socket, teams.memberA.user.id, (u) => u?.roomId === office.id);
    await ok(call(alice, 'floor:joinRoom', { roomId: office.id }));
    await seesMember;

    const meeting = await roomOf(floor.id, 12); // an open room: meeting rooms ask for a flag first (issue 16)
    expect((await calls.lock(teams.ownerA, meeting.id, true)).status).to.equal(200);
    expect(await refused(call(alice, 'floor:joinRoom', { roomId: meeting.id }))).to.deep.include('PASSWORD_ERROR');
    const moved = await ok<{ roomId: number }>(call(socket, 'floor:joinRoom', { roomId: meeting.id }));
    expect(moved.roomId).to.equal(meeting.id);
    const log = await server.models.ParticipantLog.findAll({ where: { floorId: floor.id, userId: session.userId } });
    expect(log.map((l) => l.type)).to.deep.equal(['enter']);
  });

  it('keeps a guest of floor X off floor Y, and away from the host’s tools', async () => {
    const x = await calls.floor(teams.ownerA, { type: 2 });
    const y = await calls.floor(teams.ownerA, { type: 2 });
    const other = await calls.floor(teams.ownerB, { type: 2 });
    const { session, socket } = await guest(x, 'Xavier');
    for (const floorId of [y.id, other.id, 999_999])
      expect(await refused(call(socket, 'floor:joinOffice', { floorId }))).to.deep.equal([
        'FLOOR_NOT_FOUND',
        'Floor not found',
      ]);
    expect(await server.models.FloorUser.count({ where: { userId: session.userId } })).to.equal(0);
    // a token made for floor Y with the guest's own participant row does not pass the handshake either
    const forged = signGuestToken(secret(), { sub: String(session.userId), fid: y.id, pid: 1 }).token;
    expect(await handshakeRefused(server, forged)).to.equal('AUTHORIZATION_FAILED');

    await join(socket, x.id);
    const host = await member(teams.ownerA);
    await join(host, x.id);
    expect(await refused(call(socket, 'floor:kickOut', { userId: teams.ownerA.user.id }))).to.deep.include('FORBIDDEN');
    expect(await refused(call(socket, 'floor:dismissGuest', { userId: teams.ownerA.user.id }))).to.deep.include(
      'FORBIDDEN',
    );
    expect(await server.models.FloorUser.count({ where: { floorId: x.id } })).to.equal(2);
    // a subhost flag on a guest's row gives them nothing
    await server.models.FloorParticipant.update({ permissionSubhost: true }, { where: { userId: session.userId } });
    await join(socket, x.id);
    expect(await refused(call(socket, 'floor:kickOut', { userId: teams.ownerA.user.id }))).to.deep.include('FORBIDDEN');
  });

  it('refuses forged, expired and foreign tokens at the handshake', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const { session } = await guest(floor, 'Tess');
    const claims = jwt.decode(session.token) as { sub: string; fid: number; pid: number };
    const sign = (secretKey: string, options: jwt.SignOptions) =>
      jwt.sign({ sub: claims.sub, fid: claims.fid, pid: claims.pid }, secretKey, {
        algorithm: 'HS256',
        issuer: 'tsudoi',
        audience: 'guest',
        ...options,
      });
    expect(await handshakeRefused(server, sign('not-the-secret', { expiresIn: 60 }))).to.equal('AUTHORIZATION_FAILED');
    expect(await handshakeRefused(server, sign(secret(), { expiresIn: -10 }))).to.equal('AUTHORIZATION_FAILED');
    expect(await handshakeRefused(server, sign(secret(), { expiresIn: 60, audience: 'admin' }))).to.equal(
      'AUTHORIZATION_FAILED',
    );
    // a guest token naming a real account is no way in for that account
    const asMember = signGuestToken(secret(), { sub: String(teams.memberA.user.id), fid: floor.id, pid: claims.pid });
    expect(await handshakeRefused(server, asMember.token)).to.equal('AUTHORIZATION_FAILED');
    expect(await handshakeRefused(server, session.token)).to.equal('connected');
  });

  it('ends a dismissed guest’s visit and their link', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const { session, socket } = await guest(floor, 'Dana');
    await join(socket, floor.id);
    const host = await member(teams.ownerA);
    await join(host, floor.id);
    const told = next(socket, 'floor:kickedOut');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const at = Date.now();
    await ok(call(host, 'floor:dismissGuest', { userId: session.userId }));
    expect(await told).to.deep.include({ floorId: floor.id, reason: 'dismissed' });
    // told first, then the server closes the guest session's socket at once
    expect(await closed).to.equal('io server disconnect');
    expect(Date.now() - at).to.be.below(1000);
    expect(await handshakeRefused(server, session.token)).to.equal('AUTHORIZATION_FAILED');
  });

  it('asks members for the floor password on entry (not hosts, not on a reconnect) and limits guesses', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, password: 'team-only' });
    const enter = (client: Client, password?: string) =>
      call<FloorInitialData>(client, 'floor:joinOffice', {
        floorId: floor.id,
        ...(password === undefined ? {} : { password }),
      });
    const host = await member(teams.ownerA);
    expect((await ok(enter(host))).me.isHost).to.equal(true);

    const alice = await member(teams.memberA);
    expect(await refused(enter(alice))).to.deep.equal(['FLOOR_PASSWORD_REQUIRED', 'Enter the floor password.']);
    expect(await refused(enter(alice, 'wrong'))).to.deep.equal([
      'FLOOR_PASSWORD_ERROR',
      'The floor password is incorrect.',
    ]);
    expect(
      await server.models.FloorUser.count({ where: { floorId: floor.id, userId: teams.memberA.user.id } }),
    ).to.equal(0);
    expect((await ok(enter(alice, 'team-only'))).me.isGuest).to.equal(false);
    alice.disconnect();
    const back = await member(teams.memberA);
    expect((await ok(enter(back))).me.userId, 'back after a reconnect').to.equal(teams.memberA.user.id);

    const admin = await member(teams.adminA);
    for (let i = 0; i < 5; i++) expect((await refused(enter(admin, `guess-${i}`)))[0]).to.equal('FLOOR_PASSWORD_ERROR');
    const [code, message] = await refused(enter(admin, 'team-only'));
    expect(code).to.equal('FLOOR_PASSWORD_LIMIT');
    expect(message).to.match(/Please try again in \d+ seconds\.$/);
    expect(await refused(enter(admin, 'x'.repeat(33)))).to.deep.include('VALIDATION_FAILED');
  });
});
