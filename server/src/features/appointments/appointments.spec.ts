import { expect } from 'chai';
import { appointmentSchema, mutationSchema, type AppointmentDto } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { errorOf, floorCalls, twoTeams } from '../floors/fixtures';
import { joinGuest, landing } from '../floors/guests/guests.testing';

describe(`appointments: bookings of meeting rooms and guest lounges (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z'); // 10:00 Japan time
  let server: TestServer;
  let smtp: SmtpSink;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floorId: number;
  const roomIds: Record<number, number> = {};
  const calls = floorCalls(() => server);
  const book = (who: Actor, body: Record<string, unknown>, lang = 'en', path = '/appointments') =>
    calls.call(who, path, { body: { floorId, roomId: roomIds[18], title: 'Sales call', ...body }, lang });
  const booked = async (who: Actor, body: Record<string, unknown>): Promise<AppointmentDto> => {
    const res = await book(who, body);
    expect(res.status, res.text).to.equal(201);
    return mutationSchema(appointmentSchema).parse(res.json).data;
  };
  const list = (who: Actor, query: string) => calls.call(who, `/appointments?floorId=${floorId}&${query}`);

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url }, { clock });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2, privacy: 'private' })).id;
    for (const room of (await calls.rooms(teams.ownerA, floorId)).json.data as { id: number; number: number }[])
      roomIds[room.number] = room.id;
    await calls.permitRooms(teams.ownerA, floorId, teams.memberA);
  });
  beforeEach(() => clock.set('2026-12-01T01:00:00Z'));
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('books a room in Japan time, lists the day, and refuses an overlapping booking of the same room', async () => {
    const first = await booked(teams.memberA, { startAt: '2026-12-02T10:30', endAt: '2026-12-02T11:00' });
    expect(first).to.deep.include({
      roomNumber: 18,
      roomName: null, // the room number's own name (会議室1 / Meeting room 1)
      startAt: '2026-12-02T10:30:00+09:00',
      endAt: '2026-12-02T11:00:00+09:00',
      reminder: 15,
      extendTime: 30,
      canEdit: true,
      guest: null,
    });
    const clash = await book(teams.ownerA, { startAt: '2026-12-02T10:45', endAt: '2026-12-02T11:15' });
    expect(errorOf(clash)).to.deep.equal([409, 'APPOINTMENT_CONFLICT']);
    expect(clash.json.error!.message).to.equal(
      'Meeting room 1 is already booked from 2026-12-02 10:30 to 11:00. Choose another time or room.',
    );
    const ja = await book(teams.ownerA, { startAt: '2026-12-02T10:00', endAt: '2026-12-02T12:00' }, 'ja');
    expect(ja.json.error!.message).to.equal(
      '会議室1は2026-12-02 10:30〜11:00にすでに予約されています。別の時間か部屋を選んでください。',
    );
    // back to back, and another room at the same time, are fine
    await booked(teams.ownerA, { startAt: '2026-12-02T11:00', endAt: '2026-12-02T11:30' });
    await booked(teams.ownerA, { roomId: roomIds[20], startAt: '2026-12-02T10:30', endAt: '2026-12-02T11:00' });
    // the author moving their booking onto the other is refused too; nothing changes
    const move = await calls.call(teams.memberA, `/appointments/${first.id}`, {
      method: 'PATCH',
      body: { endAt: '2026-12-02T11:10' },
    });
    expect(errorOf(move)).to.deep.equal([409, 'APPOINTMENT_CONFLICT']);

    const day = await list(teams.memberA, 'from=2026-12-02T00:00&to=2026-12-03T00:00');
    expect(day.status).to.equal(200);
    const rows = appointmentSchema.array().parse(day.json.data);
    expect(rows.map((r) => [r.roomNumber, r.startAt.slice(11, 16), r.endAt.slice(11, 16)])).to.deep.equal([
      [18, '10:30', '11:00'],
      [20, '10:30', '11:00'],
      [18, '11:00', '11:30'],
    ]);
    expect(
      rows.map((r) => r.canEdit),
      'a member edits only their own',
    ).to.deep.equal([true, false, false]);
    expect(
      appointmentSchema.array().parse((await list(teams.memberA, 'from=2026-12-03T00:00')).json.data),
    ).to.have.length(0);
  });

  it('gives every validation message of the catalogue, in the caller’s language', async () => {
    const cases: [Record<string, unknown>, Record<string, string>, string?][] = [
      [{ roomId: undefined, startAt: '2026-12-02T10:00', endAt: '2026-12-02T11:00' }, { roomId: 'Choose a room' }],
      [{ title: '  ', startAt: '2026-12-02T10:00', endAt: '2026-12-02T11:00' }, { title: 'Enter a title' }],
      [
        { title: 'x'.repeat(101), startAt: '2026-12-02T10:00', endAt: '2026-12-02T11:00' },
        { title: 'Use at most 100 characters for the title' },
      ],
      [{}, { startAt: 'Start time is required', endAt: 'End time is required' }],
      [{ startAt: '2026-12-01T09:00', endAt: '2026-12-01T11:00' }, { startAt: 'The start must be now or later' }],
      [{ startAt: '2026-12-02T11:00', endAt: '2026-12-02T10:00' }, { endAt: 'The start must be before the end' }],
      [
        { startAt: '2026-13-02T11:00', endAt: '2026-12-02T12:00' },
        { startAt: 'Enter a valid date and time (e.g. 2026-12-01T10:00)' },
      ],
      [
        { startAt: '2026-12-02T10:00', endAt: '2026-12-02T11:00', reminder: 0 },
        { reminder: 'Enter a whole number of minutes from 1 to 240' },
      ],
      [{ roomId: undefined }, { roomId: '部屋を選択してください' }, 'ja'],
      [
        { startAt: '2026-12-01T09:00', endAt: '2026-12-01T11:00' },
        { startAt: '開始日時は現在以降にしてください' },
        'ja',
      ],
    ];
    const before = await server.models.Appointment.count();
    for (const [body, fields, lang] of cases) {
      const res = await book(teams.ownerA, body, lang);
      expect(errorOf(res), JSON.stringify(body)).to.deep.equal([400, 'VALIDATION_FAILED']);
      expect(res.json.error!.fields, JSON.stringify(body)).to.deep.equal(fields);
    }
    const guestless = await book(
      teams.ownerA,
      { startAt: '2026-12-02T10:00', endAt: '2026-12-02T11:00' },
      'en',
      '/appointment/guest-appointment',
    );
    expect(errorOf(guestless)).to.deep.equal([400, 'VALIDATION_FAILED']);
    const zone = await book(teams.ownerA, {
      startAt: '2026-12-02T10:00',
      endAt: '2026-12-02T11:00',
      guest: { name: 'Pat', email: 'pat@partner.example', timeZone: 'Mars/Olympus' },
    });
    expect(zone.json.error!.fields).to.deep.equal({ 'guest.timeZone': 'Choose a valid time zone (e.g. Europe/Paris)' });
    const entrance = await book(teams.ownerA, {
      roomId: roomIds[1],
      startAt: '2026-12-02T10:00',
      endAt: '2026-12-02T11:00',
    });
    expect(errorOf(entrance)).to.deep.equal([400, 'APPOINTMENT_ROOM_NOT_BOOKABLE']);
    expect(await server.models.Appointment.count()).to.equal(before);
  });

  it('keeps another team out: its calendar, its bookings and its rooms are not found, and nothing changes', async () => {
    const mine = await booked(teams.ownerA, { startAt: '2026-12-04T10:00', endAt: '2026-12-04T11:00' });
    const saved = await server.models.Appointment.findAll({ raw: true, order: [['id', 'ASC']] });
    const { ownerB, memberB } = teams;
    expect(errorOf(await list(ownerB, 'from=2026-12-04T00:00'))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.call(memberB, `/appointments/${mine.id}`))).to.deep.equal([
      404,
      'APPOINTMENT_NOT_FOUND',
    ]);
    for (const [method, path, body] of [
      ['PATCH', `/appointments/${mine.id}`, { title: 'Taken over' }],
      ['DELETE', `/appointments/${mine.id}`, undefined],
      ['PATCH', `/appointment/${mine.id}/extend-time`, undefined],
    ] as const)
      expect(errorOf(await calls.call(ownerB, path, { method, body })), path).to.deep.equal([
        404,
        'APPOINTMENT_NOT_FOUND',
      ]);
    expect(errorOf(await book(ownerB, { startAt: '2026-12-04T12:00', endAt: '2026-12-04T13:00' }))).to.deep.equal([
      404,
      'FLOOR_NOT_FOUND',
    ]);
    // inside the team: a member who did not book it may not change it
    const other = await calls.call(teams.memberA, `/appointments/${mine.id}`, {
      method: 'PATCH',
      body: { title: 'Mine now' },
    });
    expect(errorOf(other)).to.deep.equal([403, 'FORBIDDEN']);
    expect(await server.models.Appointment.findAll({ raw: true, order: [['id', 'ASC']] })).to.deep.equal(saved);
  });

  it('mails the guest their link, their local time and a valid .ics; the link opens only during the visit, and extend-time moves the end', async () => {
    const res = await book(
      teams.ownerA,
      {
        roomId: roomIds[20],
        title: 'Contract review',
        startAt: '2026-12-01T11:00',
        endAt: '2026-12-01T11:30',
        guest: { name: 'Pat Partner', email: 'Pat@Partner.example', timeZone: 'Europe/Paris' },
      },
      'en',
      '/appointment/guest-appointment',
    );
    expect(res.status, res.text).to.equal(201);
    const visit = mutationSchema(appointmentSchema).parse(res.json).data;
    expect(visit.guest).to.deep.include({
      name: 'Pat Partner',
      email: 'pat@partner.example',
      timeZone: 'Europe/Paris',
    });

    const mail = await smtp.next('pat@partner.example');
    expect(mail.subject).to.match(/^.+ booked a visit: "Contract review"$/);
    expect(mail.text).to.contain('Guest lounge 1');
    expect(mail.text).to.contain('When: 2026-12-01 03:00 – 03:30 (Europe/Paris, CET)');
    expect(mail.text).to.contain('Japan time: 2026-12-01 11:00 – 11:30');
    const link = new URL(linkIn(mail, `/floors/${floorId}`));
    expect(link.toString()).to.equal(visit.guest!.link);
    const appId = link.searchParams.get('app_id')!;
    const ics = mail.attachments.find((a) => a.filename === 'invite.ics')!;
    expect(ics.contentType).to.equal('text/calendar');
    const lines = ics.content.split('\r\n');
    expect(lines.slice(0, 2)).to.deep.equal(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).to.include.members([
      'BEGIN:VEVENT',
      `UID:appointment-${visit.id}@tsudoi`,
      'DTSTART:20261201T020000Z',
      'DTEND:20261201T023000Z',
      'SUMMARY:Contract review',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(ics.content.endsWith('\r\n')).to.equal(true);
    for (const line of lines) expect(Buffer.byteLength(line), line).to.be.at.most(75);
    expect(ics.content.replace(/\r\n /g, '')).to.contain(`URL:${visit.guest!.link}`);

    // a member of the team sees the booking, not the guest's address or link
    const seen = appointmentSchema.parse((await calls.call(teams.memberA, `/appointments/${visit.id}`)).json.data);
    expect(seen.guest).to.deep.equal({ name: 'Pat Partner', timeZone: 'Europe/Paris' });

    const enter = () => joinGuest(server, floorId, { participantId: appId, name: 'Pat' });
    clock.set('2026-12-01T01:59:00Z'); // 10:59
    const early = await enter();
    expect(errorOf(early)).to.deep.equal([403, 'APPOINTMENT_NOT_STARTED']);
    expect(early.json.error!.message).to.equal('The appointment has not started yet.');
    // ... and says in how long: the guest's page enters then, without asking every few seconds
    expect((early.json.error as { retryAfterS?: number }).retryAfterS).to.equal(60);
    expect(early.headers.get('retry-after')).to.equal('60');
    clock.set('2026-12-01T02:00:00Z'); // 11:00
    expect((await enter()).status).to.equal(201);
    clock.set('2026-12-01T02:30:00Z'); // 11:30: ended
    expect(errorOf(await enter())).to.deep.equal([403, 'APPOINTMENT_ENDED']);
    expect(errorOf(await joinGuest(server, floorId, { participantId: appId, name: 'Pat' }, 'ja'))[1]).to.equal(
      'APPOINTMENT_ENDED',
    );

    const extended = await calls.call(teams.ownerA, `/appointment/${visit.id}/extend-time`, { method: 'PATCH' });
    expect(extended.status, extended.text).to.equal(200);
    expect(extended.json.message).to.equal('The appointment was extended by 30 minutes');
    expect(appointmentSchema.parse(extended.json.data)).to.deep.include({
      endAt: '2026-12-01T12:00:00+09:00',
      extendedMinutes: 30,
    });
    expect((await enter()).status).to.equal(201);
    clock.set('2026-12-01T03:00:00Z'); // 12:00
    expect(errorOf(await enter())).to.deep.equal([403, 'APPOINTMENT_ENDED']);
    clock.set('2026-12-01T03:31:00Z'); // more than extendTime after the end: too late to extend
    expect(
      errorOf(await calls.call(teams.ownerA, `/appointment/${visit.id}/extend-time`, { method: 'PATCH' })),
    ).to.deep.equal([403, 'APPOINTMENT_ENDED']);
  });

  it('cancels a booking, which frees the room', async () => {
    const a = await booked(teams.ownerA, {
      roomId: roomIds[19],
      startAt: '2026-12-05T10:00',
      endAt: '2026-12-05T11:00',
    });
    const gone = await calls.call(teams.ownerA, `/appointments/${a.id}`, { method: 'DELETE' });
    expect(gone.status).to.equal(200);
    expect(gone.json.message).to.equal('The appointment was cancelled');
    expect(errorOf(await calls.call(teams.ownerA, `/appointments/${a.id}`))).to.deep.equal([
      404,
      'APPOINTMENT_NOT_FOUND',
    ]);
    await booked(teams.memberA, { roomId: roomIds[19], startAt: '2026-12-05T10:00', endAt: '2026-12-05T11:00' });
  });

  it('tells the guest of a cancelled visit by mail, in the canceller’s language, with a calendar file that cancels it', async () => {
    const res = await book(
      teams.ownerA,
      {
        roomId: roomIds[21],
        title: '見積もりのご相談',
        startAt: '2026-12-07T15:00',
        endAt: '2026-12-07T15:30',
        guest: { name: 'Rin Tanaka', email: 'rin@client.example', timeZone: 'Asia/Tokyo' },
      },
      'ja',
      '/appointment/guest-appointment',
    );
    expect(res.status, res.text).to.equal(201);
    const visit = mutationSchema(appointmentSchema).parse(res.json).data;
    const invitation = await smtp.next('rin@client.example');
    const appId = new URL(linkIn(invitation, `/floors/${visit.floorId}`)).searchParams.get('app_id')!;
    expect((await landing(server, visit.floorId, appId)).status).to.equal(200);
    const gone = await calls.call(teams.ownerA, `/appointments/${visit.id}`, { method: 'DELETE', lang: 'ja' });
    expect(gone.status, gone.text).to.equal(200);
    // the guest's link now says the visit was cancelled, which one and by whom, on the landing and on joining
    const cancelled = await landing(server, visit.floorId, appId, 'en');
    expect(errorOf(cancelled)).to.deep.equal([410, 'APPOINTMENT_CANCELLED']);
    expect(cancelled.json.error?.message).to.equal(
      `This visit (見積もりのご相談, 2026-12-07 15:00) was cancelled by ${teams.ownerA.user.name}.`,
    );
    expect(errorOf(await joinGuest(server, visit.floorId, { participantId: appId, name: 'Rin' }))).to.deep.equal([
      410,
      'APPOINTMENT_CANCELLED',
    ]);
    // the same link on another floor says nothing of this one
    const other = (await calls.floor(teams.ownerB, { type: 2, privacy: 'public' })).id;
    expect(errorOf(await landing(server, other, appId))).to.deep.equal([400, 'INVALID_FLOOR_LINK']);
    const mail = await smtp.next('rin@client.example', /キャンセル/);
    expect(mail.subject).to.match(/^キャンセル：.+さんとの「見積もりのご相談」$/);
    expect(mail.text).to.contain('の訪問をキャンセルしました');
    expect(mail.text).to.contain('応接室2');
    expect(mail.text).to.not.contain('app_id'); // the old link is not handed out again
    const ics = mail.attachments.find((a) => a.filename === 'cancel.ics')!;
    const lines = ics.content.split('\r\n');
    expect(lines).to.include.members([
      'METHOD:CANCEL',
      `UID:appointment-${visit.id}@tsudoi`,
      'SEQUENCE:1',
      'STATUS:CANCELLED',
      'DTSTART:20261207T060000Z',
    ]);
  });
});
