import { expect } from 'chai';
import { appointmentSchema, mutationSchema, type AppointmentDto, type FloorDto } from '@tsudoi/common';
import { ManualClock } from '../../../testing/clock';
import { testDialect } from '../../../testing/databases';
import { linkIn, startSmtpSink, type SmtpSink } from '../../../testing/smtp';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { Actor } from '../../companies/fixtures';
import { errorOf, floorCalls, twoTeams } from '../../floors/fixtures';
import { guestSession, handshakeRefused, joinGuest, socketWithToken } from '../../floors/guests/guests.testing';
import { join, next, type Client } from '../../floors/live/live.testing';

describe(`appointments: replacing a booking's guest (${testDialect()})`, function () {
  this.timeout(90_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z'); // 10:00 Japan time
  let server: TestServer;
  let smtp: SmtpSink;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floor: FloorDto;
  const rooms: Record<number, number> = {};
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const at = (japan: string) => clock.set(new Date(`2026-12-01T${japan}:00+09:00`));
  const parse = (json: unknown) => mutationSchema(appointmentSchema).parse(json).data as AppointmentDto;

  /** A booking of `room` by `who` (with a guest: answers the guest's app_id from the e-mail). */
  async function book(who: Actor, room: number, start: string, end: string, email?: string) {
    const res = await calls.call(who, email ? '/appointment/guest-appointment' : '/appointments', {
      body: {
        floorId: floor.id,
        roomId: rooms[room],
        title: `Visit ${start}`,
        startAt: `2026-12-01T${start}`,
        endAt: `2026-12-01T${end}`,
        ...(email ? { guest: { name: `Guest ${email.split('@')[0]}`, email } } : {}),
      },
    });
    expect(res.status, res.text).to.equal(201);
    const appId = email
      ? new URL(linkIn(await smtp.next(email), `/floors/${floor.id}`)).searchParams.get('app_id')!
      : null;
    return { booking: parse(res.json), appId };
  }
  const unregister = (who: Actor, id: number, lang = 'en') =>
    calls.call(who, `/appointment/${id}/participant`, { method: 'DELETE', lang });
  const register = (who: Actor, id: number, email: string) =>
    calls.call(who, `/appointment/${id}/register-participant`, {
      body: { name: `Guest ${email.split('@')[0]}`, email },
    });
  const opens = async (appId: string) => {
    const res = await joinGuest(server, floor.id, { participantId: appId, name: 'Visitor' });
    return res.status === 201 ? 'opens' : errorOf(res)[1];
  };

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url }, { clock });
    teams = await twoTeams(server);
    floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'public' });
    for (const room of (await calls.rooms(teams.ownerA, floor.id)).json.data as { id: number; number: number }[])
      rooms[room.number] = room.id;
    await calls.permitRooms(teams.ownerA, floor.id, teams.memberA);
  });
  beforeEach(() => at('10:00'));
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('its author takes the guest off a running visit: the guest is closed out, their link and session stop working; another guest is registered and their link opens', async () => {
    const { booking, appId } = await book(teams.ownerA, 20, '11:00', '12:00', 'pat@partner.example');
    at('11:05');
    const session = await guestSession(server, floor.id, appId!, 'Pat');
    const guest = await socketWithToken(server, session.token);
    open.push(guest);
    await join(guest, floor.id);

    // another team, and a member who is not its author, host or subhost: refused, nothing changes
    expect(errorOf(await unregister(teams.ownerB, booking.id))).to.deep.equal([404, 'APPOINTMENT_NOT_FOUND']);
    expect(errorOf(await unregister(teams.memberA, booking.id))).to.deep.equal([403, 'FORBIDDEN']);
    expect((await server.models.Appointment.findByPk(booking.id))!.participantId).to.not.equal(null);
    expect(await opens(appId!)).to.equal('opens');

    const ended = next(guest, 'appointment:ended', 5000);
    const gone = new Promise((resolve) => guest.once('disconnect', resolve));
    const res = await unregister(teams.ownerA, booking.id, 'ja');
    expect(res.status, res.text).to.equal(200);
    expect(res.json.message).to.equal('ゲストを予約から外しました。そのリンクではこの予約に参加できなくなりました');
    expect(parse(res.json).guest).to.equal(null);
    expect(await ended).to.deep.equal({ appointmentId: booking.id, floorId: floor.id, roomId: rooms[20] });
    await gone;
    // the landing answers the catalogue's invalid link, and the old session is not accepted
    expect(await opens(appId!)).to.equal('INVALID_FLOOR_LINK');
    expect(await handshakeRefused(server, session.token)).to.not.equal('connected');

    // another guest: registered, mailed, and their link opens during the visit
    const added = await register(teams.ownerA, booking.id, 'kim@partner.example');
    expect(added.status, added.text).to.equal(201);
    expect(parse(added.json).guest).to.deep.include({ name: 'Guest kim', email: 'kim@partner.example' });
    const kim = new URL(linkIn(await smtp.next('kim@partner.example'), `/floors/${floor.id}`)).searchParams.get(
      'app_id',
    )!;
    expect(kim).to.not.equal(appId);
    expect(await opens(kim)).to.equal('opens');
    expect(await opens(appId!)).to.equal('INVALID_FLOOR_LINK');
  });

  it('a guest with another booking keeps the link for that one; a booking without a guest is answered as it is; an ended one is refused', async () => {
    const first = await book(teams.memberA, 21, '11:00', '11:30', 'mio@partner.example');
    const second = await book(teams.memberA, 22, '13:00', '13:30', 'mio@partner.example');
    expect(second.appId).to.equal(first.appId);
    const res = await unregister(teams.memberA, first.booking.id);
    expect(res.status, res.text).to.equal(200);
    expect(res.json.message).to.equal('The guest was taken off the booking; their link no longer opens it');
    // during the first booking's time the link no longer opens; the second's time rule still holds
    at('11:10');
    expect(await opens(first.appId!)).to.equal('APPOINTMENT_NOT_STARTED');
    at('13:05');
    expect(await opens(first.appId!)).to.equal('opens');

    // a booking without a guest: nothing to take off
    const plain = await book(teams.ownerA, 23, '14:00', '14:30');
    const same = await unregister(teams.ownerA, plain.booking.id);
    expect([same.status, parse(same.json).guest]).to.deep.equal([200, null]);
    // an ended booking keeps its guest
    const late = await book(teams.ownerA, 18, '15:00', '15:30', 'rui@partner.example');
    at('15:40');
    expect(errorOf(await unregister(teams.ownerA, late.booking.id))).to.deep.equal([403, 'APPOINTMENT_ENDED']);
    expect((await server.models.Appointment.findByPk(late.booking.id))!.participantId).to.not.equal(null);
  });

  it('a floor invitation a booking reused outlives the booking; a guest the booking made ends with it, deleted or taken off', async () => {
    const rowOf = (email: string) => server.models.FloorParticipant.findOne({ where: { floorId: floor.id, email } });
    const remove = (who: Actor, id: number) => calls.call(who, `/appointments/${id}`, { method: 'DELETE' });
    // invited to the floor first, then booked: the booking reuses the invitation's row and link
    const invited = await calls.register(teams.ownerA, floor.id, [{ email: 'lee@partner.example', name: 'Lee' }]);
    expect(invited.status, invited.text).to.equal(201);
    const invitation = (await rowOf('lee@partner.example'))!;
    const lee = await book(teams.ownerA, 20, '16:00', '16:30', 'lee@partner.example');
    expect(lee.appId).to.equal(invitation.publicToken);
    expect((await unregister(teams.ownerA, lee.booking.id)).status).to.equal(200);
    expect((await rowOf('lee@partner.example'))?.id, 'taken off the booking: invitation kept').to.equal(invitation.id);
    const again = await book(teams.ownerA, 21, '16:00', '16:30', 'lee@partner.example');
    expect(again.appId).to.equal(invitation.publicToken);
    expect((await remove(teams.ownerA, again.booking.id)).status).to.equal(200);
    expect((await rowOf('lee@partner.example'))?.id, 'booking deleted: invitation kept').to.equal(invitation.id);
    expect(await opens(invitation.publicToken)).to.equal('opens');

    // a guest the booking made: deleting the booking (another team cannot) ends their row and link
    const noa = await book(teams.ownerA, 22, '16:00', '16:30', 'noa@partner.example');
    expect((await rowOf('noa@partner.example'))?.fromBooking).to.equal(true);
    expect(errorOf(await remove(teams.ownerB, noa.booking.id))).to.deep.equal([404, 'APPOINTMENT_NOT_FOUND']);
    expect(await rowOf('noa@partner.example')).to.not.equal(null);
    expect((await remove(teams.ownerA, noa.booking.id)).status).to.equal(200);
    expect(await rowOf('noa@partner.example')).to.equal(null);
    // the link says the visit was cancelled (record 0441), not that it is invalid
    expect(await opens(noa.appId!)).to.equal('APPOINTMENT_CANCELLED');
  });
});
