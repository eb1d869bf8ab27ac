import net from 'node:net';
import { expect } from 'chai';
import { mutationSchema, participantSchema, type FloorDto, type ParticipantDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp';
import { actor, type Actor } from '../companies/fixtures';
import { errorOf, floorCalls, floorState, twoTeams } from './fixtures';

describe(`floor participants: invitations, permissions, list and team picker (${testDialect()})`, function () {
  this.timeout(60_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let english: Actor;
  let floor: FloorDto;
  let invited: ParticipantDto[];
  const calls = floorCalls(() => server);

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url }, { clock: new ManualClock('2026-11-30T00:00:00Z') });
    teams = await twoTeams(server);
    english = await actor(server, 'en@a.example', {
      employmentCompanyId: teams.teamA.id,
      employeeRole: 'EMPLOYEE',
      locale: 'en',
    });
    floor = await calls.floor(teams.ownerA);
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('invites team members and guests with their permissions and mails each in their language', async () => {
    const res = await calls.register(
      teams.ownerA,
      floor.id,
      [
        { email: 'member@a.example', permissions: { speech: true, recording: true } },
        { email: ' EN@a.example ', permissions: { conference: true } },
        { email: 'visitor@partner.example', name: 'Ms Visitor', permissions: { receptionRoom: true } },
        { email: 'owner@b.example', permissions: { meetingRoom: true, subhost: true } },
      ],
      'ja',
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.json.message).to.equal('4 件の招待メールを送信しました。');
    invited = mutationSchema(participantSchema.array()).parse(res.json).data;
    expect(invited.map((p) => [p.email, p.type, p.userId, p.name, p.status])).to.deep.equal([
      ['member@a.example', 'EMPLOYEE', teams.memberA.user.id, 'member', 'pending'],
      ['en@a.example', 'EMPLOYEE', english.user.id, 'en', 'pending'],
      ['visitor@partner.example', 'GUEST', null, 'Ms Visitor', 'pending'],
      ['owner@b.example', 'GUEST', teams.ownerB.user.id, 'owner', 'pending'],
    ]);
    const rows = await server.models.FloorParticipant.findAll({ where: { floorId: floor.id }, order: [['id', 'ASC']] });
    const flags = (p: (typeof rows)[number]) =>
      [
        p.permissionSpeech,
        p.permissionSubhost,
        p.permissionMeetingRoom,
        p.permissionReceptionRoom,
        p.permissionConference,
        p.permissionRecording,
      ]
        .map(Number)
        .join('');
    expect(rows.map(flags)).to.deep.equal(['111111', '100001', '000010', '000100', '011000']);

    const ja = await smtp.next('member@a.example');
    expect(ja.subject).to.equal('owner さんからフロア「All hands」への招待が届いています');
    expect(ja.text).to.contain('日時: 2026-12-01 10:00 – 2026-12-01 12:00（日本時間）');
    expect(linkIn(ja, '/floors/')).to.equal(`${server.url}/floors/${floor.id}`);
    const en = await smtp.next('en@a.example');
    expect(en.subject).to.equal('owner invited you to the floor "All hands"');
    expect(en.text).to.contain('When: 2026-12-01 10:00 – 2026-12-01 12:00 (Japan time)');
    expect((await smtp.next('visitor@partner.example')).subject).to.contain('への招待'); // no account: the inviter's language
    expect((await smtp.next('owner@b.example')).subject).to.contain('への招待');
  });

  const refusals: [string, unknown, number, string, Record<string, string> | undefined][] = [
    ['an empty list', [], 400, 'EMPTY_INVITATION_LIST', undefined],
    [
      'the host',
      [{ email: 'new@x.example' }, { email: 'owner@a.example' }],
      400,
      'VALIDATION_FAILED',
      {
        'participants.1.email': 'You cannot invite yourself (owner@a.example)',
      },
    ],
    [
      'a duplicate',
      [{ email: 'dup@x.example' }, { email: 'DUP@x.example' }],
      400,
      'VALIDATION_FAILED',
      {
        'participants.1.email': 'dup@x.example appears more than once in the list',
      },
    ],
    [
      'someone already invited',
      [{ email: 'visitor@partner.example' }],
      400,
      'VALIDATION_FAILED',
      {
        'participants.0.email': 'visitor@partner.example has already been invited',
      },
    ],
    [
      'a broken e-mail',
      [{ email: 'not-an-email' }],
      400,
      'VALIDATION_FAILED',
      {
        'participants.0.email': 'Enter a valid email address',
      },
    ],
    [
      'a long name',
      [{ email: 'n@x.example', name: 'x'.repeat(101) }],
      400,
      'VALIDATION_FAILED',
      {
        'participants.0.name': 'Use at most 100 characters',
      },
    ],
  ];
  for (const [what, list, status, code, fields] of refusals) {
    it(`refuses ${what}, saving and mailing nothing`, async () => {
      const before = await floorState(server);
      const res = await calls.register(teams.ownerA, floor.id, list);
      expect(errorOf(res), res.text).to.deep.equal([status, code]);
      expect(res.json.error!.fields).to.deep.equal(fields);
      if (code === 'EMPTY_INVITATION_LIST') expect(res.json.error!.message).to.equal('The invitation list is empty.');
      expect(await floorState(server)).to.deep.equal(before);
      expect(smtp.mails).to.deep.equal([]);
    });
  }

  it('lets only one of two concurrent lists invite the same address', async () => {
    const one = [{ email: 'race@x.example' }];
    const results = await Promise.all([
      calls.register(teams.ownerA, floor.id, one),
      calls.register(teams.ownerA, floor.id, one),
    ]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.json.error!.fields).to.deep.equal({
      'participants.0.email': 'race@x.example has already been invited',
    });
    expect(
      await server.models.FloorParticipant.count({ where: { floorId: floor.id, email: 'race@x.example' } }),
    ).to.equal(1);
    await smtp.next('race@x.example');
  });

  it('refuses a plain member (403) and another team (404), saving and mailing nothing', async () => {
    const before = await floorState(server);
    expect(errorOf(await calls.register(teams.memberA, floor.id, [{ email: 'z@x.example' }]))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    expect(errorOf(await calls.register(teams.memberB, floor.id, [{ email: 'z@x.example' }]))).to.deep.equal([
      404,
      'FLOOR_NOT_FOUND',
    ]);
    expect(await floorState(server)).to.deep.equal(before);
    expect(smtp.mails).to.deep.equal([]);
  });
});

describe(`floor participants when the mail server is down (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  const calls = floorCalls(() => server);

  before(async () => {
    // A loopback port nobody listens on: the SMTP connection is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  after(() => server?.close());

  it('keeps the invitations and names the addresses not mailed', async () => {
    const { ownerA } = await twoTeams(server);
    const floor = await calls.floor(ownerA, { type: 2 });
    const res = await calls.register(ownerA, floor.id, [{ email: 'e1@x.example' }, { email: 'e2@x.example' }]);
    expect(res.status).to.equal(201);
    expect(res.json.message).to.equal(
      'The invitations were saved, but the e-mail could not be sent to: e1@x.example, e2@x.example.',
    );
    expect(await server.models.FloorParticipant.count({ where: { floorId: floor.id } })).to.equal(3);
  });
});
