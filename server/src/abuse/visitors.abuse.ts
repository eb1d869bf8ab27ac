import { expect } from 'chai';
import type { FloorInitialData, FloorUserDto, MediaJoinAnswer } from '@tsudoi/common';
import { actor, type Actor } from '../features/companies/fixtures';
import { errorOf } from '../features/floors/fixtures';
import { batches, call, join, next, ok, pause, refused, type Batch } from '../features/floors/live/live.testing';
import { visitWorld } from '../features/appointments/visits/visits.testing';

const WAIT = 10_000;

/** Polls until `find` answers something (or fails after WAIT). */
async function until<T>(find: () => T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not seen in time');
    await pause(20);
  }
}

/** Every name and place a client learnt from the batches it received (what it could show). */
const namesIn = (seen: Batch[]) => new Set(seen.flatMap((b) => b.users.map((u) => u.userId)));
const placesIn = (seen: Batch[]) => new Set(seen.flatMap((b) => (b.moved ?? []).map(([userId]) => userId)));

/**
 * Issue 25 §1, §3, §4 from the attacker's and the other visitor's side: who
 * may bring outsiders onto a floor, and what a booked visitor sees and reaches
 * (the lobby, the booked room and its chat; never the rest of the floor;
 * waiting unseen and unheard).
 */
describe('abuse: who brings visitors in, and where a visitor may go', function () {
  this.timeout(120_000);
  const world = visitWorld('2026-12-01T01:00:00Z'); // 10:00 Japan time
  const { rooms, calls, member, at, tick, roomNow, bookVisit, arrive } = world;

  const guestBooking = (who: Actor, floorId: number, roomId: number, email: string) =>
    calls.call(who, '/appointment/guest-appointment', {
      body: {
        floorId,
        roomId,
        title: 'Sneak in',
        startAt: '2026-12-01T15:00',
        endAt: '2026-12-01T15:30',
        guest: { name: 'Outsider', email },
      },
    });

  it('only hosts, subhosts and members with the room’s flag book and bring a guest in; a guest never does; nothing is written or mailed when refused', async () => {
    at('10:00');
    const { ownerA, memberA, ownerB } = world.teams;
    const privateFloor = await calls.floor(ownerA, { type: 2, privacy: 'private' });
    const roomIds: Record<number, number> = {};
    for (const r of (await calls.rooms(ownerA, privateFloor.id)).json.data as { id: number; number: number }[])
      roomIds[r.number] = r.id;
    // a plain member of the team (no room flag) and a guest of the private floor (an outside account, no flag)
    const plain = await actor(world.server, 'plain@a.example', {
      employmentCompanyId: world.teams.teamA.id,
      employeeRole: 'EMPLOYEE',
    });
    expect((await calls.register(ownerA, privateFloor.id, [{ email: ownerB.user.email }])).status).to.equal(201);
    // a member with the guest-lounge flag only
    expect(
      (
        await calls.register(ownerA, privateFloor.id, [
          { email: memberA.user.email, permissions: { receptionRoom: true } },
        ])
      ).status,
    ).to.equal(201);
    const before = {
      bookings: await world.server.models.Appointment.count(),
      participants: await world.server.models.FloorParticipant.count({ where: { floorId: privateFloor.id } }),
    };

    expect(errorOf(await guestBooking(plain, privateFloor.id, roomIds[20]!, 'x1@outside.example'))).to.deep.equal([
      403,
      'APPOINTMENT_NO_PERMISSION',
    ]);
    const byGuest = await guestBooking(ownerB, privateFloor.id, roomIds[20]!, 'x2@outside.example');
    expect([...errorOf(byGuest), byGuest.json.error?.message]).to.deep.equal([
      403,
      'GUESTS_CANNOT_INVITE',
      'Guests cannot invite or book for anyone on this floor.',
    ]);
    // the lounge flag does not open the meeting rooms
    expect(errorOf(await guestBooking(memberA, privateFloor.id, roomIds[18]!, 'x3@outside.example'))).to.deep.equal([
      403,
      'APPOINTMENT_NO_PERMISSION',
    ]);
    // the direct invitation refuses both as well
    for (const who of [plain, ownerB, memberA])
      expect(errorOf(await calls.register(who, privateFloor.id, [{ email: 'x4@outside.example' }]))).to.deep.equal([
        403,
        'FORBIDDEN',
      ]);
    // the guest does not read the floor's people (their addresses) nor its calendar
    expect(errorOf(await calls.participants(ownerB, privateFloor.id))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.call(ownerB, `/appointments?floorId=${privateFloor.id}`))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    // another company's member: the floor does not exist for them
    expect(
      errorOf(await guestBooking(world.teams.memberB, privateFloor.id, roomIds[20]!, 'x5@outside.example')),
    ).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    await pause(300);
    expect({
      bookings: await world.server.models.Appointment.count(),
      participants: await world.server.models.FloorParticipant.count({ where: { floorId: privateFloor.id } }),
    }).to.deep.equal(before);
    expect(world.smtp.mails.filter((m) => m.to.includes('@outside.example'))).to.deep.equal([]);

    // a booking without a guest is a booking all the same: the plain member may not hold a meeting room either
    const bare = await calls.call(plain, '/appointments', {
      body: {
        floorId: privateFloor.id,
        roomId: roomIds[18],
        title: 'Mine',
        startAt: '2026-12-01T16:00',
        endAt: '2026-12-01T16:30',
      },
    });
    expect(errorOf(bare)).to.deep.equal([403, 'APPOINTMENT_NO_PERMISSION']);
    // the calendar is told the same rule before a click: which meeting rooms and lounges each may book
    const mayBook = async (who: Actor) =>
      Object.fromEntries(
        ((await calls.rooms(who, privateFloor.id)).json.data as { number: number; mayBook?: boolean }[])
          .filter((r) => [1, 8, 18, 20].includes(r.number))
          .map((r) => [r.number, r.mayBook ?? null]),
      );
    expect(await mayBook(ownerA)).to.deep.equal({ 1: null, 8: null, 18: true, 20: true });
    expect(await mayBook(memberA)).to.deep.equal({ 1: null, 8: null, 18: false, 20: true });
    expect(await mayBook(plain)).to.deep.equal({ 1: null, 8: null, 18: false, 20: false });
    expect(await mayBook(ownerB)).to.deep.equal({ 1: null, 8: null, 18: false, 20: false });
    // the member with the flag books the lounge with a guest; the host books a meeting room with one
    expect((await guestBooking(memberA, privateFloor.id, roomIds[20]!, 'ok1@outside.example')).status).to.equal(201);
    expect((await guestBooking(ownerA, privateFloor.id, roomIds[18]!, 'ok2@outside.example')).status).to.equal(201);
  });

  it('a booked visitor sees only themselves in the lobby, walks nowhere but their visit, is pulled out by nobody but a host, and reads no floor chat', async () => {
    at('10:30');
    const { ownerA, memberA, adminA } = world.teams;
    const { booking, appId } = await bookVisit(memberA, 21, '11:00', '11:30', 'vee@partner.example');
    const host = await member(ownerA);
    const owner = await member(memberA);
    const colleague = await member(adminA);
    await join(host, world.floor.id);
    await join(owner, world.floor.id);
    await join(colleague, world.floor.id);
    await ok(call(colleague, 'floor:joinRoom', { roomId: rooms[8] })); // table A
    await ok(call(host, 'floor:joinRoom', { roomId: rooms[6] })); // the leader's office
    // the floor chat has a message the visitor must never read
    await ok(call(colleague, 'chat:join', { scope: 'floor', floorId: world.floor.id }));
    at('11:00');
    await tick();

    const { session, socket: visitor } = await arrive(appId, 'Vee');
    const seen = batches(visitor);
    const initial = await ok(call<FloorInitialData>(visitor, 'floor:joinOffice', { floorId: world.floor.id }));
    expect(initial.me).to.include({ isVisitor: true, isGuest: true });
    expect(initial.users.map((u) => u.userId)).to.deep.equal([session.userId]);

    // every other room is closed to them, the staff's own ones above all; nothing changes
    for (const n of [8, 6, 3, 9, 22])
      expect(await refused(call(visitor, 'floor:joinRoom', { roomId: rooms[n] }))).to.deep.equal([
        'VISITOR_STAYS_IN_VISIT',
        'As a visitor you can be in the lobby and the room of your visit. Your host can bring you elsewhere.',
      ]);
    expect(await roomNow(session.userId)).to.equal(rooms[1]);
    // a colleague cannot pull them to their table; the visitor cannot ask anyone anywhere
    expect((await refused(call(colleague, 'floor:inviteToRoom', { userId: session.userId })))[0]).to.equal('FORBIDDEN');
    expect((await refused(call(visitor, 'floor:inviteToRoom', { userId: adminA.user.id })))[0]).to.equal(
      'GUESTS_CANNOT_INVITE',
    );

    // the floor's people move about: the visitor learns nothing of it
    await ok(call(colleague, 'floor:joinRoom', { roomId: rooms[3] }));
    await ok(call(colleague, 'floor:joinRoom', { roomId: rooms[1] }));
    await ok(call(host, 'floor:updateUser', { activeStatus: 'busy' }));
    await pause(400);
    const learnt = new Set([...namesIn(seen), ...placesIn(seen)]);
    for (const staff of [ownerA, memberA, adminA]) expect(learnt.has(staff.user.id), staff.user.email).to.equal(false);

    // no floor chat, no lobby chat (waiting is private)
    expect((await refused(call(visitor, 'chat:join', { scope: 'floor', floorId: world.floor.id })))[0]).to.equal(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    expect((await refused(call(visitor, 'chat:join', { scope: 'room', roomId: rooms[1] })))[0]).to.equal(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    const history = await ok(call<{ scope: string }[]>(visitor, 'chat:getHistoryConversations', {}));
    expect(history.map((c) => c.scope)).to.not.include('floor');

    // let in by the owner: the visitor sees the lounge and who is in it, nobody else
    await ok(call(owner, 'floor:joinRoom', { roomId: rooms[21] }));
    const mark = seen.length;
    await ok(call(visitor, 'appointment:knock', {}));
    await ok(call(owner, 'appointment:admit', { appointmentId: booking.id }));
    const full = await until(() => seen.slice(mark).find((b) => b.full));
    expect(full.users.map((u) => u.userId).sort()).to.deep.equal([memberA.user.id, session.userId].sort());
    // the owner steps out to their table: gone from the visitor's view
    const left = next(visitor, 'floor:usersChanged', WAIT);
    await ok(call(owner, 'floor:joinRoom', { roomId: rooms[9] }));
    expect((await left).left).to.include(memberA.user.id);
    // back to the lobby and into the lounge again; still nowhere else
    await ok(call(visitor, 'floor:joinRoom', { roomId: rooms[1] }));
    await ok(call(visitor, 'floor:joinRoom', { roomId: rooms[21] }));
    expect((await refused(call(visitor, 'floor:joinRoom', { roomId: rooms[9] })))[0]).to.equal(
      'VISITOR_STAYS_IN_VISIT',
    );
    // the host brings them to table B: allowed, and they see who is there
    const invited = next(visitor, 'floor:invitationReceived', WAIT);
    await ok(call(host, 'floor:inviteToRoom', { userId: session.userId, roomId: rooms[9] }));
    const invitation = await invited;
    const moved = await ok(
      call<FloorUserDto>(visitor, 'floor:answerInvite', { invitationId: invitation.id, isAccepted: true }),
    );
    expect(moved.roomId).to.equal(rooms[9]);
  });

  it('two visitors waiting for unrelated visits never meet, and the staff in the entrance neither see nor hear them', async () => {
    at('12:30');
    const one = await bookVisit(world.teams.ownerA, 20, '13:00', '13:30', 'one@elsewhere.example');
    const two = await bookVisit(world.teams.memberA, 22, '13:00', '13:30', 'two@other.example');
    const staff = await member(world.teams.adminA);
    await join(staff, world.floor.id);
    at('13:00');
    await tick();
    const a = await arrive(one.appId, 'Aki');
    const aSeen = batches(a.socket);
    const b = await arrive(two.appId, 'Ben');
    const bSeen = batches(b.socket);
    const aView = await ok(call<FloorInitialData>(a.socket, 'floor:joinOffice', { floorId: world.floor.id }));
    const bView = await ok(call<FloorInitialData>(b.socket, 'floor:joinOffice', { floorId: world.floor.id }));
    expect(aView.users.map((u) => u.userId)).to.deep.equal([a.session.userId]);
    expect(bView.users.map((u) => u.userId)).to.deep.equal([b.session.userId]);
    await ok(call(a.socket, 'floor:updateUser', { activeStatus: 'busy' }));
    await ok(call(staff, 'floor:updateUser', { activeStatus: 'busy' }));
    await pause(400);
    expect(namesIn(aSeen).has(b.session.userId) || placesIn(aSeen).has(b.session.userId)).to.equal(false);
    expect(namesIn(bSeen).has(a.session.userId) || placesIn(bSeen).has(a.session.userId)).to.equal(false);
    expect(namesIn(aSeen).has(world.teams.adminA.user.id)).to.equal(false);

    // neither visitor is in the entrance's call: no media until let in
    const staffMedia = await ok(call<MediaJoinAnswer>(staff, 'media:join', {}));
    expect(staffMedia.producers).to.deep.equal([]);
    for (const v of [a, b])
      expect(await refused(call(v.socket, 'media:join', {}))).to.deep.equal([
        'MEDIA_VISITOR_WAITING',
        'You will be seen and heard once your host lets you in.',
      ]);
    // let in, visitor one has media in their lounge
    await ok(call(a.socket, 'appointment:knock', {}));
    const host = await member(world.teams.ownerA);
    await join(host, world.floor.id);
    await ok(call(host, 'appointment:admit', { appointmentId: one.booking.id }));
    expect(await roomNow(a.session.userId)).to.equal(rooms[20]);
    const media = await ok(call<MediaJoinAnswer>(a.socket, 'media:join', {}));
    expect(media.roomId).to.equal(rooms[20]);
  });
});
