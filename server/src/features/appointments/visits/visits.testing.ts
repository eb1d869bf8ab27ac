import { expect } from 'chai';
import { appointmentSchema, mutationSchema, type AppointmentDto, type FloorDto } from '@tsudoi/common';
import { ManualClock } from '../../../testing/clock';
import { linkIn, startSmtpSink, type SmtpSink } from '../../../testing/smtp';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../../floors/fixtures';
import { roomOfUser } from '../../floors/live/engine/places';
import { guestSession, socketWithToken } from '../../floors/guests/guests.testing';
import { join, socketOf, type Client } from '../../floors/live/live.testing';

/**
 * Test set-up of the visit specs, called inside a `describe`: before all, a
 * server on a manual clock (starting at `start`) with an SMTP sink, two teams
 * and a permanent public floor of team A's owner; after each test the
 * sockets opened through `track` close; after all, the server and the sink.
 * `server`, `smtp`, `teams` and `floor` are there from the `before` on.
 */
export function visitWorld(start: string) {
  const clock = new ManualClock(start);
  /** Set by the `before`. */
  const world = {} as {
    server: TestServer;
    smtp: SmtpSink;
    teams: Awaited<ReturnType<typeof twoTeams>>;
    floor: FloorDto;
  };
  /** The floor's room ids by room number. */
  const rooms: Record<number, number> = {};
  const calls = floorCalls(() => world.server);
  const open: Client[] = [];
  /** Closes `c` after the test. */
  const track = (c: Client) => (open.push(c), c);
  /** A socket of `who`, closed after the test. */
  const member = async (who: Actor) => track(await socketOf(world.server.url, who));
  /** Sets the clock to `japan` ("HH:MM", Japan time) on 2026-12-01. */
  const at = (japan: string) => clock.set(new Date(`2026-12-01T${japan}:00+09:00`));
  const tick = () => world.server.features.visits.tick();
  const roomNow = (userId: number) => roomOfUser(world.server.models, world.floor.id, userId);

  /** A guest booking of `room` by `who`; answers the booking and the guest's app_id from the e-mail. */
  async function bookVisit(who: Actor, room: number, startAt: string, endAt: string, email: string) {
    const res = await calls.call(who, '/appointment/guest-appointment', {
      body: {
        floorId: world.floor.id,
        roomId: rooms[room],
        title: `Visit ${email}`,
        startAt: `2026-12-01T${startAt}`,
        endAt: `2026-12-01T${endAt}`,
        guest: { name: `Guest ${email.split('@')[0]}`, email },
      },
    });
    expect(res.status, res.text).to.equal(201);
    const mail = await world.smtp.next(email);
    const appId = new URL(linkIn(mail, `/floors/${world.floor.id}`)).searchParams.get('app_id')!;
    return { booking: mutationSchema(appointmentSchema).parse(res.json).data as AppointmentDto, appId };
  }

  /** An account-less person opens a link (a visit's, or the public floor's): a session, a socket, the floor. */
  async function arrive(appId: string, name: string) {
    const session = await guestSession(world.server, world.floor.id, appId, name);
    const socket = track(await socketWithToken(world.server, session.token));
    await join(socket, world.floor.id);
    return { session, socket };
  }

  before(async () => {
    world.smtp = await startSmtpSink();
    world.server = await startTestServer({ SMTP_URL: world.smtp.url }, { clock });
    world.teams = await twoTeams(world.server);
    world.floor = await calls.floor(world.teams.ownerA, { type: 2, privacy: 'public' });
    for (const room of (await calls.rooms(world.teams.ownerA, world.floor.id)).json.data as {
      id: number;
      number: number;
    }[])
      rooms[room.number] = room.id;
    await calls.permitRooms(world.teams.ownerA, world.floor.id, world.teams.memberA);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(async () => {
    await world.server?.close();
    await world.smtp?.close();
  });
  return Object.assign(world, { clock, rooms, calls, track, member, at, tick, roomNow, bookVisit, arrive });
}
