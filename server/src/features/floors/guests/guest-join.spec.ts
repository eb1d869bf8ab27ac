import { expect } from 'chai';
import { floorSchema, guestLandingSchema } from '@tsudoi/common';
import { ManualClock } from '../../../testing/clock';
import { testDialect } from '../../../testing/databases';
import { linkIn, startSmtpSink, type SmtpSink } from '../../../testing/smtp';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { api } from '../../companies/fixtures';
import { errorOf, floorCalls, floorState, twoTeams } from '../fixtures';
import { NEW_GUEST_LIMIT } from '.';
import { guestSession, joinGuest, landing } from './guests.testing';

describe(`floor guests: links and join-guest (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z'); // 10:00 Japan time: the fixture floor runs
  let server: TestServer;
  let smtp: SmtpSink;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const tokenOf = async (floorId: number, email: string) =>
    (await server.models.FloorParticipant.findOne({ where: { floorId, email } }))!.publicToken;
  const inviteTokenOf = async (floorId: number) => (await server.models.Floor.findByPk(floorId))!.inviteToken;

  before(async () => {
    smtp = await startSmtpSink();
    // every guest of these tests comes from one address (loopback): room for more than one office's worth
    server = await startTestServer({ SMTP_URL: smtp.url, GUEST_NEW_PER_ADDRESS: '600' }, { clock });
    teams = await twoTeams(server);
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('mails an invited guest their own link, which opens the floor without an account, as the same guest each time', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'private' });
    await calls.register(teams.ownerA, floor.id, [{ email: 'visitor@partner.example', name: 'Vera' }]);
    const link = new URL(linkIn(await smtp.next('visitor@partner.example'), `/floors/${floor.id}`));
    const appId = link.searchParams.get('app_id')!;
    expect(link.pathname).to.equal(`/floors/${floor.id}`);
    expect(appId).to.equal(await tokenOf(floor.id, 'visitor@partner.example'));

    const seen = await landing(server, floor.id, appId);
    expect(seen.status).to.equal(200);
    const answer = guestLandingSchema.parse(seen.json.data);
    expect(answer).to.deep.include({ name: 'Vera' });
    expect(answer.floor).to.deep.include({ id: floor.id, title: 'All hands', canManage: false, privacy: 'private' });
    expect(answer.floor.inviteToken).to.equal(undefined);

    const first = await guestSession(server, floor.id, appId, '  Vera Visitor ');
    expect(first).to.deep.include({ floorId: floor.id, participantId: appId, name: 'Vera Visitor' });
    const guest = (await server.models.User.findByPk(first.userId))!;
    expect(guest).to.deep.include({
      type: 'guest',
      passwordHash: null,
      employmentCompanyId: null,
      name: 'Vera Visitor',
    });
    const row = (await server.models.FloorParticipant.findOne({ where: { publicToken: appId } }))!;
    expect(row).to.deep.include({ userId: guest.id, type: 'GUEST', status: 'participated', name: 'Vera Visitor' });

    const again = await guestSession(server, floor.id, appId, 'Vera');
    expect(again.userId).to.equal(first.userId);
    expect(again.token).to.not.equal('');
    expect(await server.models.User.count({ where: { type: 'guest' } })).to.equal(1);
  });

  it('admits any holder of a public floor’s invite link as a new guest; the link of a private floor is refused', async () => {
    const open = await calls.floor(teams.ownerA, { type: 2 });
    const detail = floorSchema.parse((await calls.get(teams.ownerA, open.id)).json.data);
    expect(detail.inviteToken).to.equal(await inviteTokenOf(open.id));
    const member = floorSchema.parse((await calls.get(teams.memberA, open.id)).json.data);
    expect(member.inviteToken, 'only those who manage the floor see its invite link').to.equal(undefined);

    expect(guestLandingSchema.parse((await landing(server, open.id, detail.inviteToken!)).json.data).name).to.equal(
      null,
    );
    const a = await guestSession(server, open.id, detail.inviteToken!, 'Ann');
    const b = await guestSession(server, open.id, detail.inviteToken!, 'Ben');
    expect(a.userId).to.not.equal(b.userId);
    expect(a.participantId, 'each gets their own link back').to.not.equal(detail.inviteToken);
    const rows = await server.models.FloorParticipant.findAll({ where: { floorId: open.id, type: 'GUEST' } });
    expect(rows.map((r) => r.name).sort()).to.deep.equal(['Ann', 'Ben']);
    const listed = await calls.participants(teams.ownerA, open.id);
    const emails = (listed.json.data as { name: string; email: string }[]).filter((p) => p.name === 'Ann');
    expect(emails, 'the placeholder address is not shown').to.deep.equal([{ ...emails[0], email: '' }]);

    const closed = await calls.floor(teams.ownerA, { type: 2, privacy: 'private' });
    const before = await floorState(server);
    const refused = await joinGuest(server, closed.id, { participantId: await inviteTokenOf(closed.id), name: 'X' });
    expect(errorOf(refused)).to.deep.equal([403, 'NO_PERMISSION_TO_JOIN_FLOOR']);
    expect(refused.json.error?.message).to.equal('You do not have permission to join this floor.');
    expect(errorOf(await landing(server, closed.id, await inviteTokenOf(closed.id)))).to.deep.equal([
      403,
      'NO_PERMISSION_TO_JOIN_FLOOR',
    ]);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('refuses every bad link and name with a catalogue error and changes nothing', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const other = await calls.floor(teams.ownerB, { type: 2 });
    await calls.register(teams.ownerA, floor.id, [
      { email: 'member@a.example' },
      { email: 'member@b.example' },
      { email: 'new@partner.example' },
    ]);
    const invite = await inviteTokenOf(floor.id);
    const guestToken = await tokenOf(floor.id, 'new@partner.example');
    const before = await floorState(server);
    const cases: [string, number | string, unknown, number, string, string?][] = [
      ['a malformed app_id', floor.id, { participantId: 'abc', name: 'X' }, 400, 'INVALID_FLOOR_LINK'],
      ['no app_id', floor.id, { name: 'X' }, 400, 'INVALID_FLOOR_LINK'],
      ['an unknown app_id', floor.id, { participantId: 'A'.repeat(43), name: 'X' }, 400, 'INVALID_FLOOR_LINK'],
      ['another floor’s invite link', other.id, { participantId: invite, name: 'X' }, 400, 'INVALID_FLOOR_LINK'],
      ['a guest link on another floor', other.id, { participantId: guestToken, name: 'X' }, 400, 'INVALID_FLOOR_LINK'],
      ['a floor that does not exist', 999_999, { participantId: invite, name: 'X' }, 400, 'INVALID_FLOOR_LINK'],
      ['a bad floor id', 'abc', { participantId: invite, name: 'X' }, 400, 'VALIDATION_FAILED'],
      ['an empty name', floor.id, { participantId: invite, name: '   ' }, 400, 'VALIDATION_FAILED', 'name'],
      ['a name too long', floor.id, { participantId: invite, name: 'x'.repeat(101) }, 400, 'VALIDATION_FAILED', 'name'],
      ['a name of the wrong type', floor.id, { participantId: invite, name: 5 }, 400, 'VALIDATION_FAILED', 'name'],
      [
        'a team member’s link',
        floor.id,
        { participantId: await tokenOf(floor.id, 'member@a.example'), name: 'X' },
        401,
        'SIGN_IN_TO_VIEW_FLOOR',
      ],
      [
        'a guest who has an account',
        floor.id,
        { participantId: await tokenOf(floor.id, 'member@b.example'), name: 'X' },
        401,
        'SIGN_IN_TO_VIEW_FLOOR',
      ],
    ];
    for (const [what, id, body, status, code, field] of cases) {
      const res = await joinGuest(server, id, body);
      expect(errorOf(res), what).to.deep.equal([status, code]);
      if (field) expect(res.json.error?.fields, what).to.have.property(field);
    }
    const empty = await joinGuest(server, floor.id, { participantId: invite, name: '' }, 'ja');
    expect(empty.json.error?.fields).to.deep.equal({ name: '表示名を入力してください' });
    const ja = await joinGuest(server, floor.id, { participantId: 'nope', name: 'X' }, 'ja');
    expect(ja.json.error?.message).to.equal(
      (await import('@tsudoi/common')).formatMessage('ja', 'errors.INVALID_FLOOR_LINK'),
    );
    expect(errorOf(await landing(server, floor.id, 'nope'))).to.deep.equal([400, 'INVALID_FLOOR_LINK']);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('lets guests in only while the floor runs', async () => {
    const floor = await calls.floor(teams.ownerA, { startAt: '2026-12-02T10:00', endAt: '2026-12-02T12:00' });
    const invite = await inviteTokenOf(floor.id);
    const early = await joinGuest(server, floor.id, { participantId: invite, name: 'Early' });
    expect(errorOf(early)).to.deep.equal([403, 'FLOOR_NOT_STARTED']);
    expect(early.json.error?.message).to.equal(
      'This floor has not started yet. It opens at 2026-12-02T10:00:00+09:00.',
    );
    expect(guestLandingSchema.parse((await landing(server, floor.id, invite)).json.data).floor.status).to.equal(
      'upcoming',
    );
    clock.set('2026-12-02T04:00:00Z');
    try {
      expect(errorOf(await joinGuest(server, floor.id, { participantId: invite, name: 'Late' }))).to.deep.equal([
        410,
        'PAST_FLOOR',
      ]);
    } finally {
      clock.set('2026-12-01T01:00:00Z');
    }
    expect(await server.models.User.count({ where: { name: ['Early', 'Late'] } })).to.equal(0);
  });

  it('asks guests for the floor password and slows guessing after five wrong ones', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, password: 'open-sesame' });
    const invite = await inviteTokenOf(floor.id);
    const attempt = (password?: string) =>
      joinGuest(server, floor.id, { participantId: invite, name: 'Pat', ...(password ? { password } : {}) });
    expect(errorOf(await attempt())).to.deep.equal([403, 'FLOOR_PASSWORD_REQUIRED']);
    const wrong = await attempt('sesame');
    expect(errorOf(wrong)).to.deep.equal([403, 'FLOOR_PASSWORD_ERROR']);
    expect(wrong.json.error?.message).to.equal('The floor password is incorrect.');
    expect(await server.models.User.count({ where: { name: 'Pat' } })).to.equal(0);
    const ok = await attempt('open-sesame');
    expect(ok.status).to.equal(201);
    // the right one cleared the wrong one; six guesses sent at once get five tries, the sixth waits
    const guesses = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => attempt(`guess-${i}`)));
    expect(guesses.map((g) => g.json.error?.code).sort()).to.deep.equal([
      'FLOOR_PASSWORD_ERROR',
      'FLOOR_PASSWORD_ERROR',
      'FLOOR_PASSWORD_ERROR',
      'FLOOR_PASSWORD_ERROR',
      'FLOOR_PASSWORD_ERROR',
      'FLOOR_PASSWORD_LIMIT',
    ]);
    const locked = await attempt('open-sesame');
    expect(errorOf(locked)).to.deep.equal([429, 'FLOOR_PASSWORD_LIMIT']);
    expect(locked.json.error?.message).to.match(/^Too many wrong floor passwords\. Please try again in \d+ seconds\.$/);
  });

  it('limits how many new guests one address makes through an invite link', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const invite = await inviteTokenOf(floor.id);
    for (let i = 0; i < NEW_GUEST_LIMIT.points; i++) await guestSession(server, floor.id, invite, `Guest ${i}`);
    const over = await joinGuest(server, floor.id, { participantId: invite, name: 'One more' });
    expect(errorOf(over)).to.deep.equal([429, 'RATE_LIMITED']);
    expect(await server.models.User.count({ where: { name: 'One more' } })).to.equal(0);
  });

  it('lets one address make new guests a few at a time, over every floor (the default limits)', async () => {
    const other = await startTestServer();
    try {
      const otherTeams = await twoTeams(other);
      const otherCalls = floorCalls(() => other);
      const floors = [
        await otherCalls.floor(otherTeams.ownerA, { type: 2 }),
        await otherCalls.floor(otherTeams.ownerB, { type: 2 }),
      ];
      const link = async (id: number) => (await other.models.Floor.findByPk(id))!.inviteToken;
      // five in a row, on two floors of two teams: the address's burst
      for (let i = 0; i < 5; i++) await guestSession(other, floors[i % 2]!.id, await link(floors[i % 2]!.id), `G${i}`);
      const users = await other.models.User.count();
      const sixth = await joinGuest(other, floors[0]!.id, { participantId: await link(floors[0]!.id), name: 'Sixth' });
      expect(errorOf(sixth)).to.deep.equal([429, 'RATE_LIMITED']);
      expect((sixth.json.error as unknown as { retryAfterS: number }).retryAfterS).to.be.within(1, 10);
      expect(await other.models.User.count()).to.equal(users);
    } finally {
      await other.close();
    }
  });

  it('gives a guest session no way into the REST API', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const session = await guestSession(server, floor.id, await inviteTokenOf(floor.id), 'Rest');
    const bearer = { headers: { Authorization: `Bearer ${session.token}` }, lang: 'en' };
    for (const path of [
      `/floors/${floor.id}`,
      `/floors/${floor.id}/rooms`,
      `/floors/${floor.id}/participants`,
      '/auth/me',
      '/floors',
    ])
      expect(errorOf(await api(server, `/api${path}`, bearer)), path).to.deep.include(401);
    const lock = await api(server, `/api/floors/${floor.id}`, { ...bearer, method: 'DELETE' });
    expect(lock.status).to.equal(401);
    expect(await server.models.Floor.count({ where: { id: floor.id } })).to.equal(1);
  });
});
