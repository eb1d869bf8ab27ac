import { expect } from 'chai';
import { appointmentSchema, type VisitDto } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import { linkIn } from '../../../testing/smtp';
import type { Actor } from '../../companies/fixtures';
import { errorOf } from '../../floors/fixtures';
import { socketWithToken } from '../../floors/guests/guests.testing';
import { call, join, next, ok, refused } from '../../floors/live/live.testing';
import { visitWorld } from './visits.testing';

const WAIT = 10_000;

describe(`guest visits: lobby, knock, admit, reminder, extend, end (${testDialect()})`, function () {
  this.timeout(90_000);
  const world = visitWorld('2026-12-01T01:00:00Z'); // 10:00 Japan time
  const { rooms, calls, track, member, at, tick, roomNow, bookVisit, arrive } = world;

  it('holds the booked lounge; the guest knocks, the owner admits; reminder, extend, and at the end the guest is closed out', async () => {
    at('10:00');
    const { booking, appId } = await bookVisit(world.teams.memberA, 20, '11:00', '11:30', 'pat@partner.example');
    const owner = await member(world.teams.memberA);
    const host = await member(world.teams.ownerA);
    await join(owner, world.floor.id);
    await join(host, world.floor.id);

    // before the start: the guest cannot come in, and the lounge is free for anyone
    at('10:59');
    await tick();
    const early = await calls.call(null, `/floors/${world.floor.id}/join-guest`, {
      body: { participantId: appId, name: 'Pat' },
    });
    expect(errorOf(early)).to.deep.equal([403, 'APPOINTMENT_NOT_STARTED']);
    await ok(call(host, 'floor:joinRoom', { roomId: rooms[20] }));
    await ok(call(host, 'floor:joinRoom', { roomId: rooms[1] }));

    // at the start: started to the floor; the lounge is held
    at('11:00');
    const started = next(owner, 'appointment:started', WAIT);
    await tick();
    expect(await started).to.deep.include({ id: booking.id, roomId: rooms[20], roomNumber: 20, guestStatus: null });
    const { session, socket: guest } = await arrive(appId, 'Pat');
    expect(await refused(call(guest, 'floor:joinRoom', { roomId: rooms[20] }))).to.deep.equal([
      'APPOINTMENT_WAIT_FOR_HOST',
      'Please knock and wait for the host to let you in.',
    ]);
    const stranger = await arrive((await world.server.models.Floor.findByPk(world.floor.id))!.inviteToken, 'Walk-in');
    expect(await refused(call(stranger.socket, 'floor:joinRoom', { roomId: rooms[20] }))).to.deep.equal([
      'ROOM_BOOKED',
      'This room is booked until 11:30. Ask the host to invite you in.',
    ]);
    expect(await roomNow(session.userId)).to.equal(rooms[1]);
    // the owner and the host may go in
    await ok(call(owner, 'floor:joinRoom', { roomId: rooms[20] }));

    // the lobby: the guest sees their visit; the knock reaches the owner and the host
    const lobby = await ok(call<{ visit: VisitDto | null }>(guest, 'appointment:lobby', {}));
    expect(lobby.visit).to.deep.include({ id: booking.id, title: 'Visit pat@partner.example', guestName: 'Pat' });
    const knockedOwner = next(owner, 'appointment:knocked', WAIT);
    const knockedHost = next(host, 'appointment:knocked', WAIT);
    const knock = await ok(call<VisitDto>(guest, 'appointment:knock', {}));
    expect(knock.guestStatus).to.equal('knocking');
    for (const k of [await knockedOwner, await knockedHost])
      expect(k.visit).to.deep.include({ id: booking.id, guestUserId: session.userId, guestName: 'Pat' });
    // the host's lobby lists the knock (a reload does not lose it)
    const hostLobby = await ok(call<{ knocks: { visit: VisitDto }[] }>(host, 'appointment:lobby', {}));
    expect(hostLobby.knocks.map((k) => k.visit.id)).to.deep.equal([booking.id]);
    // neither another guest nor the guest can answer
    expect((await refused(call(stranger.socket, 'appointment:admit', { appointmentId: booking.id })))[0]).to.equal(
      'FORBIDDEN',
    );
    expect((await refused(call(guest, 'appointment:admit', { appointmentId: booking.id })))[0]).to.equal('FORBIDDEN');

    // the owner admits: the guest is told and moved into the lounge
    const admitted = next(guest, 'appointment:admitted', WAIT);
    const answered = next(host, 'appointment:knockAnswered', WAIT);
    await ok(call(owner, 'appointment:admit', { appointmentId: booking.id }));
    expect((await admitted).guestStatus).to.equal('admitted');
    expect(await answered).to.deep.equal({ appointmentId: booking.id, admitted: true });
    expect(await roomNow(session.userId)).to.equal(rooms[20]);
    // the walk-in still is not
    expect((await refused(call(stranger.socket, 'floor:joinRoom', { roomId: rooms[20] })))[0]).to.equal('ROOM_BOOKED');

    // 15 minutes before the end: the reminder to the guest, the owner and the host (nothing before)
    at('11:14');
    let early15 = false;
    const tooEarly = () => (early15 = true);
    guest.on('appointment:reminder', tooEarly);
    await tick();
    guest.off('appointment:reminder', tooEarly);
    expect(early15).to.equal(false);
    at('11:15');
    const reminders = [guest, owner, host].map((c) => next(c, 'appointment:reminder', WAIT));
    await tick();
    for (const r of await Promise.all(reminders))
      expect(r).to.deep.include({ id: booking.id, reminder: 15, extendTime: 30, endAt: '2026-12-01T02:30:00.000Z' });

    // verify-appointment: the new end must be the end plus extendTime
    const verify = (who: Actor, body: unknown, id = booking.id, lang = 'en') =>
      calls.call(who, `/appointment/${id}/verify-appointment`, { body, lang });
    const wrong = await verify(world.teams.memberA, { id: booking.id, endAt: '2026-12-01T12:15' });
    expect(errorOf(wrong)).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(wrong.json.error!.fields).to.deep.equal({
      endAt: 'The new end must be the current end plus 30 minutes (2026-12-01 12:00)',
    });
    const wrongJa = await verify(world.teams.memberA, { id: booking.id, endAt: '2026-12-01T12:15' }, booking.id, 'ja');
    expect(wrongJa.json.error!.fields).to.deep.equal({
      endAt: '新しい終了時刻は現在の終了時刻の30分後（2026-12-01 12:00）にしてください',
    });
    const mismatch = await verify(world.teams.memberA, { id: booking.id + 1000, endAt: '2026-12-01T12:00' });
    expect(mismatch.json.error!.fields).to.deep.equal({
      id: 'The appointment in the body must be the one in the address',
    });
    const good = await verify(world.teams.memberA, { id: booking.id, endAt: '2026-12-01T12:00' });
    expect(good.status, good.text).to.equal(200);
    expect(good.json.message).to.equal('The appointment can be extended until 12:00');
    expect(good.json.data).to.deep.equal({ id: booking.id, endAt: '2026-12-01T12:00:00+09:00', extendTime: 30 });
    // another company's host neither sees nor acts on it
    expect(errorOf(await verify(world.teams.ownerB, { id: booking.id, endAt: '2026-12-01T12:00' }))).to.deep.equal([
      404,
      'APPOINTMENT_NOT_FOUND',
    ]);

    // the owner extends: the guest learns the new end; no end at 11:30
    const extendedEvent = next(guest, 'appointment:extended', WAIT);
    const extended = await calls.call(world.teams.memberA, `/appointment/${booking.id}/extend-time`, {
      method: 'PATCH',
    });
    expect(extended.status, extended.text).to.equal(200);
    expect((await extendedEvent).endAt).to.equal('2026-12-01T03:00:00.000Z');
    at('11:31');
    let endedEarly = false;
    const endedTooEarly = () => (endedEarly = true);
    owner.on('appointment:ended', endedTooEarly);
    await tick();
    expect(guest.connected).to.equal(true);
    expect(await roomNow(session.userId)).to.equal(rooms[20]);
    // the reminder comes again before the new end
    at('11:45');
    const again = next(guest, 'appointment:reminder', WAIT);
    await tick();
    expect((await again).endAt).to.equal('2026-12-01T03:00:00.000Z');
    owner.off('appointment:ended', endedTooEarly);
    expect(endedEarly).to.equal(false);

    // the end: the others clear it, the guest is told and their connection closes
    at('12:00');
    const endedOwner = next(owner, 'appointment:ended', WAIT);
    const endedGuest = next(guest, 'appointment:ended', WAIT);
    const closed = new Promise<string>((resolve) => guest.once('disconnect', (reason) => resolve(reason)));
    await tick();
    const payload = { appointmentId: booking.id, floorId: world.floor.id, roomId: rooms[20] };
    expect(await endedOwner).to.deep.equal(payload);
    expect(await endedGuest).to.deep.equal(payload);
    expect(await closed).to.equal('io server disconnect');
    // the guest's session cannot bring them back, nor can the link
    const back = track(await socketWithToken(world.server, session.token));
    expect((await refused(call(back, 'floor:joinOffice', { floorId: world.floor.id })))[0]).to.equal(
      'APPOINTMENT_ENDED',
    );
    expect(
      errorOf(
        await calls.call(null, `/floors/${world.floor.id}/join-guest`, { body: { participantId: appId, name: 'Pat' } }),
      ),
    ).to.deep.equal([403, 'APPOINTMENT_ENDED']);
    // and the lounge is no longer held: a walk-in is refused only for the lounge's own flag (receptionRoom), not as booked
    expect((await refused(call(stranger.socket, 'floor:joinRoom', { roomId: rooms[20] })))[0]).to.equal(
      'ROOM_NO_PERMISSION',
    );
  });

  it("a guest of one visit cannot enter another visit's lounge; a rejected guest is closed out and cannot knock again; another company cannot answer", async () => {
    at('12:30');
    const one = await bookVisit(world.teams.memberA, 21, '13:00', '14:00', 'one@partner.example');
    const two = await bookVisit(world.teams.ownerA, 22, '13:00', '14:00', 'two@partner.example');
    const owner = await member(world.teams.memberA);
    const host = await member(world.teams.ownerA);
    await join(owner, world.floor.id);
    await join(host, world.floor.id);
    at('13:00');
    await tick();
    const g1 = await arrive(one.appId, 'One');
    const g2 = await arrive(two.appId, 'Two');
    // each guest's lobby shows their own visit
    expect((await ok(call<{ visit: VisitDto }>(g1.socket, 'appointment:lobby', {}))).visit.id).to.equal(one.booking.id);
    expect((await ok(call<{ visit: VisitDto }>(g2.socket, 'appointment:lobby', {}))).visit.id).to.equal(two.booking.id);
    // guest two is admitted to lounge 2; guest one may not follow, before or after knocking
    await ok(call(g2.socket, 'appointment:knock', {}));
    await ok(call(host, 'appointment:admit', { appointmentId: two.booking.id }));
    expect(await roomNow(g2.session.userId)).to.equal(rooms[22]);
    // (a booked visitor goes only to the lobby and their own visit's room)
    expect((await refused(call(g1.socket, 'floor:joinRoom', { roomId: rooms[22] })))[0]).to.equal(
      'VISITOR_STAYS_IN_VISIT',
    );
    await ok(call(g1.socket, 'appointment:knock', {}));
    expect((await refused(call(g1.socket, 'floor:joinRoom', { roomId: rooms[22] })))[0]).to.equal(
      'VISITOR_STAYS_IN_VISIT',
    );
    // a member who is neither the owner of visit two nor a manager cannot answer it
    expect((await refused(call(owner, 'appointment:reject', { appointmentId: two.booking.id })))[0]).to.equal(
      'FORBIDDEN',
    );
    // another company's host, on their own floor, cannot answer or see it
    const floorB = await calls.floor(world.teams.ownerB, { type: 2 });
    const outsider = await member(world.teams.ownerB);
    await join(outsider, floorB.id);
    expect((await refused(call(outsider, 'appointment:admit', { appointmentId: one.booking.id })))[0]).to.equal(
      'APPOINTMENT_NOT_FOUND',
    );
    expect((await ok(call<{ knocks: unknown[] }>(outsider, 'appointment:lobby', {}))).knocks).to.deep.equal([]);
    expect(errorOf(await calls.call(world.teams.ownerB, `/appointments/${one.booking.id}`))).to.deep.equal([
      404,
      'APPOINTMENT_NOT_FOUND',
    ]);
    expect((await world.server.models.Appointment.findByPk(one.booking.id))!.guestStatus).to.equal('knocking');

    // the owner rejects guest one: told, and their connection closes; back again, the knock is refused
    const rejected = next(g1.socket, 'appointment:rejected', WAIT);
    const gone = new Promise<string>((resolve) => g1.socket.once('disconnect', (reason) => resolve(reason)));
    const answer = await ok(call<VisitDto>(owner, 'appointment:reject', { appointmentId: one.booking.id }));
    expect(answer.guestStatus).to.equal('rejected');
    expect(await rejected).to.deep.equal({ appointmentId: one.booking.id });
    expect(await gone).to.equal('io server disconnect');
    const back = track(await socketWithToken(world.server, g1.session.token));
    await join(back, world.floor.id);
    expect(await refused(call(back, 'appointment:knock', {}))).to.deep.equal([
      'APPOINTMENT_REJECTED',
      'The host declined the visit.',
    ]);
    expect((await refused(call(back, 'floor:joinRoom', { roomId: rooms[21] })))[0]).to.equal(
      'APPOINTMENT_WAIT_FOR_HOST',
    );
    // a member (not a guest) cannot knock
    expect((await refused(call(owner, 'appointment:knock', {})))[0]).to.equal('FORBIDDEN');
  });

  it('register-participant adds the guest of a booking made without one; request-link-appointment mails the link again, and tells nobody who is invited', async () => {
    at('14:30');
    const res = await calls.call(world.teams.ownerA, '/appointments', {
      body: {
        floorId: world.floor.id,
        roomId: rooms[23],
        title: 'Demo',
        startAt: '2026-12-01T15:00',
        endAt: '2026-12-01T15:30',
      },
    });
    expect(res.status, res.text).to.equal(201);
    const id = (res.json.data as { id: number }).id;
    const register = (who: Actor, body: unknown, lang = 'en') =>
      calls.call(who, `/appointment/${id}/register-participant`, { body, lang });
    const bad = await register(world.teams.ownerA, { name: ' ', email: 'not-an-address', timeZone: 'Mars/Base' });
    expect(errorOf(bad)).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(Object.keys(bad.json.error!.fields ?? {}).sort()).to.deep.equal(['email', 'name', 'timeZone']);
    expect(bad.json.error!.fields!.timeZone).to.equal('Choose a valid time zone (e.g. Europe/Paris)');
    const guest = { name: 'Rin Reseller', email: 'Rin@Reseller.example', timeZone: 'Asia/Tokyo' };
    expect(errorOf(await register(world.teams.ownerB, guest))).to.deep.equal([404, 'APPOINTMENT_NOT_FOUND']);
    expect(errorOf(await register(world.teams.memberA, guest))).to.deep.equal([403, 'FORBIDDEN']);
    expect((await world.server.models.Appointment.findByPk(id))!.participantId).to.equal(null);

    const done = await register(world.teams.ownerA, guest);
    expect(done.status, done.text).to.equal(201);
    expect(done.json.message).to.equal('The guest was registered and the invitation sent');
    expect(appointmentSchema.parse(done.json.data).guest).to.deep.include({
      name: 'Rin Reseller',
      email: 'rin@reseller.example',
    });
    const mail = await world.smtp.next('rin@reseller.example');
    const link = linkIn(mail, `/floors/${world.floor.id}`);
    expect(mail.attachments.map((a) => a.filename)).to.deep.equal(['invite.ics']);
    const twice = await register(world.teams.ownerA, { ...guest, email: 'other@reseller.example' }, 'ja');
    expect(errorOf(twice)).to.deep.equal([409, 'APPOINTMENT_HAS_GUEST']);
    expect(twice.json.error!.message).to.equal('この予約にはすでにゲストが登録されています。');

    // the guest lost the mail: the same link again; an unknown address gets the same answer and no mail
    const ask = (email: string, lang = 'en') =>
      calls.call(null, '/appointment/request-link-appointment', { body: { floorId: world.floor.id, email }, lang });
    const known = await ask('RIN@reseller.example');
    expect(known.status, known.text).to.equal(200);
    expect(linkIn(await world.smtp.next('rin@reseller.example'), `/floors/${world.floor.id}`)).to.equal(link);
    const unknown = await ask('nobody@reseller.example');
    expect([unknown.status, unknown.json.message]).to.deep.equal([200, known.json.message]);
    expect(errorOf(await ask('not-an-address'))).to.deep.equal([400, 'VALIDATION_FAILED']);
    for (let i = 2; i <= 3; i++) {
      await ask('rin@reseller.example');
      await world.smtp.next('rin@reseller.example');
    }
    // the fourth request within 10 minutes for one address is refused
    expect(errorOf(await ask('rin@reseller.example'))).to.deep.equal([429, 'RATE_LIMITED']);
  });
});
