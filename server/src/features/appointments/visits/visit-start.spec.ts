import { expect } from 'chai';
import type { ArrivalDto, RoomClearedDto } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import { socketWithToken } from '../../floors/guests/guests.testing';
import { call, join, next, ok, pause, refused, type Client } from '../../floors/live/live.testing';
import { ARRIVAL_QUIET_MS } from './arrivals';
import { visitWorld } from './visits.testing';

const WAIT = 10_000;

/** Collects every event of a kind a client gets (to show that someone got none). */
function collect<T>(client: Client, event: string): T[] {
  const seen: T[] = [];
  (client as unknown as { on(e: string, l: (p: T) => void): void }).on(event, (p) => seen.push(p));
  return seen;
}

describe(`a visit's start and its guest's arrival (${testDialect()})`, function () {
  this.timeout(90_000);
  const world = visitWorld('2026-12-01T00:00:00Z'); // 09:00 Japan time
  const { clock, rooms, track, member, at, tick, roomNow, bookVisit, arrive } = world;

  /** `inviter` (inside a room) asks `invitee` in, who accepts. */
  async function inviteIn(inviter: Client, invitee: Client, inviteeId: number) {
    const sent = await ok(call<{ id: number }>(inviter, 'floor:inviteToRoom', { userId: inviteeId }));
    await ok(call(invitee, 'floor:answerInvite', { invitationId: sent.id, isAccepted: true }));
  }

  it('at the start, moves out of the booked lounge everyone the booking does not admit, and tells them why', async () => {
    at('09:00');
    const { booking } = await bookVisit(world.teams.memberA, 21, '11:00', '11:30', 'kai@partner.example');
    const host = await member(world.teams.ownerA);
    const owner = await member(world.teams.memberA);
    const colleague = await member(world.teams.adminA); // a team member, neither manager nor owner
    for (const c of [host, owner, colleague]) await join(c, world.floor.id);
    const inviteToken = (await world.server.models.Floor.findByPk(world.floor.id))!.inviteToken;
    const early = await arrive(inviteToken, 'Early bird'); // a walk-in the host asked in long before
    const walkIn = await arrive(inviteToken, 'Walk-in'); // a walk-in asked in by the colleague

    await ok(call(host, 'floor:joinRoom', { roomId: rooms[21] }));
    await inviteIn(host, early.socket, early.session.userId); // 09:00, two hours before the start
    at('10:30');
    await inviteIn(host, owner, world.teams.memberA.user.id);
    await inviteIn(owner, colleague, world.teams.adminA.user.id); // the booking's owner gathers their people
    await inviteIn(colleague, walkIn.socket, walkIn.session.userId); // someone the booking does not know of
    for (const id of [world.teams.ownerA.user.id, world.teams.memberA.user.id, world.teams.adminA.user.id])
      expect(await roomNow(id)).to.equal(rooms[21]);
    expect(await roomNow(early.session.userId)).to.equal(rooms[21]);
    expect(await roomNow(walkIn.session.userId)).to.equal(rooms[21]);

    // a minute before the start nobody is moved
    at('10:59');
    const stayers = [host, owner, colleague].map((c) => collect<RoomClearedDto>(c, 'appointment:roomCleared'));
    const earlyNotices = collect<RoomClearedDto>(early.socket, 'appointment:roomCleared');
    await tick();
    expect(await roomNow(early.session.userId)).to.equal(rooms[21]);
    expect(earlyNotices).to.deep.equal([]);

    // the start: the two walk-ins are taken to the entrance and told; the others stay
    at('11:00');
    const toldEarly = next(early.socket, 'appointment:roomCleared', WAIT);
    const toldWalkIn = next(walkIn.socket, 'appointment:roomCleared', WAIT);
    await tick();
    const notice: RoomClearedDto = {
      appointmentId: booking.id,
      floorId: world.floor.id,
      roomId: rooms[21]!,
      roomNumber: 21,
      endAt: '2026-12-01T02:30:00.000Z',
      toRoomId: rooms[1]!,
    };
    expect(await toldEarly).to.deep.equal(notice);
    expect(await toldWalkIn).to.deep.equal(notice);
    expect(await roomNow(early.session.userId)).to.equal(rooms[1]);
    expect(await roomNow(walkIn.session.userId)).to.equal(rooms[1]);
    for (const id of [world.teams.ownerA.user.id, world.teams.memberA.user.id, world.teams.adminA.user.id])
      expect(await roomNow(id)).to.equal(rooms[21]);
    await pause(200);
    expect(stayers.map((s) => s.length)).to.deep.equal([0, 0, 0]);
    // the hold keeps them out now, and the next tick moves nobody twice
    expect((await refused(call(walkIn.socket, 'floor:joinRoom', { roomId: rooms[21] })))[0]).to.equal('ROOM_BOOKED');
    at('11:01');
    await tick();
    await pause(200);
    expect(earlyNotices).to.have.length(1);
  });

  it("tells the booking's owner and the host when the guest arrives, before any knock; nobody else, and not twice for a reload", async () => {
    at('11:40');
    const { booking, appId } = await bookVisit(world.teams.memberA, 22, '12:00', '12:30', 'mio@partner.example');
    const host = await member(world.teams.ownerA);
    const owner = await member(world.teams.memberA);
    const colleague = await member(world.teams.adminA);
    for (const c of [host, owner, colleague]) await join(c, world.floor.id);
    const others = collect<ArrivalDto>(colleague, 'appointment:arrived');

    at('12:02');
    await tick();
    const toOwner = next(owner, 'appointment:arrived', WAIT);
    const toHost = next(host, 'appointment:arrived', WAIT);
    const guest = await arrive(appId, 'Mio');
    const guestHeard = collect<ArrivalDto>(guest.socket, 'appointment:arrived');
    for (const arrival of [await toOwner, await toHost]) {
      expect(arrival.arrivedAt).to.equal('2026-12-01T03:02:00.000Z');
      expect(arrival.visit).to.deep.include({
        id: booking.id,
        roomNumber: 22,
        guestUserId: guest.session.userId,
        guestName: 'Mio',
        guestStatus: null,
      });
    }
    expect((await world.server.models.Appointment.findByPk(booking.id))!.guestStatus).to.equal(null);

    // a reload within the quiet time: no second notice; the knock still comes as before
    const ownerHeard = collect<ArrivalDto>(owner, 'appointment:arrived');
    guest.socket.disconnect();
    await pause(300);
    const back = track(await socketWithToken(world.server, guest.session.token));
    await join(back, world.floor.id);
    const knocked = next(owner, 'appointment:knocked', WAIT);
    await ok(call(back, 'appointment:knock', {}));
    expect((await knocked).visit.id).to.equal(booking.id);
    await pause(300);
    expect(ownerHeard).to.deep.equal([]);
    expect(others).to.deep.equal([]);
    expect(guestHeard).to.deep.equal([]);

    // back after the quiet time, still waiting: told again
    back.disconnect();
    await pause(300);
    clock.advance(ARRIVAL_QUIET_MS);
    const again = next(owner, 'appointment:arrived', WAIT);
    const third = track(await socketWithToken(world.server, guest.session.token));
    await join(third, world.floor.id);
    expect((await again).visit).to.deep.include({ id: booking.id, guestStatus: 'knocking' });

    // admitted, a later return is not an arrival
    await ok(call(owner, 'appointment:admit', { appointmentId: booking.id }));
    third.disconnect();
    await pause(300);
    clock.advance(ARRIVAL_QUIET_MS);
    const fourth = track(await socketWithToken(world.server, guest.session.token));
    await join(fourth, world.floor.id);
    await pause(300);
    expect(ownerHeard).to.have.length(1);
    expect(others).to.deep.equal([]);
  });
});
