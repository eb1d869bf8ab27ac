import { expect } from 'chai';
import { floorSchema } from '@tsudoi/common';
import { ManualClock } from '../../../testing/clock';
import { testDialect } from '../../../testing/databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { Actor } from '../../companies/fixtures';
import { errorOf, floorCalls, floorState, twoTeams } from '../fixtures';
import { join, socketOf, type Client } from '../live/live.testing';
import { guestSession, handshakeRefused } from './guests.testing';

describe(`floor links opened by a signed-in person (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const joinLink = (who: Actor | null, floorId: number | string, participantId: unknown) =>
    calls.call(who, `/floors/${floorId}/join-link`, { body: { participantId } });
  const inviteTokenOf = async (floorId: number) => (await server.models.Floor.findByPk(floorId))!.inviteToken;
  const tokenOf = async (floorId: number, email: string) =>
    (await server.models.FloorParticipant.findOne({ where: { floorId, email } }))!.publicToken;

  before(async () => {
    server = await startTestServer({}, { clock: new ManualClock('2026-12-01T01:00:00Z') });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('lets another team’s member in through a public floor’s invite link, as a GUEST with their account', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    expect(errorOf(await calls.get(teams.memberB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    const res = await joinLink(teams.memberB, floor.id, await inviteTokenOf(floor.id));
    expect(res.status, res.text).to.equal(200);
    expect(floorSchema.parse(res.json.data)).to.deep.include({ id: floor.id, canManage: false });
    expect(floorSchema.parse(res.json.data).inviteToken).to.equal(undefined);
    expect((await calls.get(teams.memberB, floor.id)).status).to.equal(200);
    const again = await joinLink(teams.memberB, floor.id, await inviteTokenOf(floor.id));
    expect(again.status).to.equal(200);
    const rows = await server.models.FloorParticipant.findAll({
      where: { floorId: floor.id, userId: teams.memberB.user.id },
    });
    expect(rows.map((r) => [r.type, r.email])).to.deep.equal([['GUEST', 'member@b.example']]);
    const socket = await socketOf(server.url, teams.memberB);
    open.push(socket);
    expect((await join(socket, floor.id)).me).to.deep.include({
      participantType: 'GUEST',
      isGuest: false,
      canManage: false,
    });
  });

  it('changes nothing for someone who sees the floor already, and refuses private and bad links', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'private' });
    await calls.register(teams.ownerA, floor.id, [{ email: 'member@a.example' }]);
    const before = await floorState(server);
    expect((await joinLink(teams.memberA, floor.id, await inviteTokenOf(floor.id))).status).to.equal(200);
    const cases: [Actor | null, number | string, unknown, number, string][] = [
      [teams.ownerB, floor.id, await inviteTokenOf(floor.id), 403, 'NO_PERMISSION_TO_JOIN_FLOOR'],
      [teams.ownerB, floor.id, await tokenOf(floor.id, 'member@a.example'), 403, 'NO_PERMISSION_TO_JOIN_FLOOR'],
      [teams.ownerB, floor.id, 'x'.repeat(43), 400, 'INVALID_FLOOR_LINK'],
      [teams.ownerB, floor.id, 5, 400, 'VALIDATION_FAILED'],
      [teams.ownerB, 999_999, await inviteTokenOf(floor.id), 400, 'INVALID_FLOOR_LINK'],
      [null, floor.id, await inviteTokenOf(floor.id), 401, 'UNAUTHORIZED'],
    ];
    for (const [who, id, token, status, code] of cases)
      expect(errorOf(await joinLink(who, id, token)), `${code} ${String(token).slice(0, 8)}`).to.deep.equal([
        status,
        code,
      ]);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('never lets an account claim an invited guest’s link; the guest keeps using it without one', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'private' });
    await calls.register(teams.ownerA, floor.id, [{ email: 'partner@c.example' }]);
    const link = await tokenOf(floor.id, 'partner@c.example');
    const visit = await guestSession(server, floor.id, link, 'Partner');
    const guestUserId = (await server.models.FloorParticipant.findOne({ where: { publicToken: link } }))!.userId;
    const before = await floorState(server);
    for (const who of [teams.memberB, teams.ownerB]) {
      const res = await joinLink(who, floor.id, link);
      expect(errorOf(res)).to.deep.equal([409, 'GUEST_LINK_NOT_FOR_ACCOUNTS']);
      expect(res.json.error!.message).to.equal(
        'This link is a personal guest invitation and cannot be used while signed in. ' +
          'Sign out to join as a guest, or ask the host to invite your account.',
      );
    }
    expect(await floorState(server)).to.deep.equal(before);
    expect((await server.models.FloorParticipant.findOne({ where: { publicToken: link } }))!.userId).to.equal(
      guestUserId,
    );
    expect(await handshakeRefused(server, visit.token)).to.equal('connected');
    expect(errorOf(await calls.get(teams.memberB, floor.id))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
  });
});
