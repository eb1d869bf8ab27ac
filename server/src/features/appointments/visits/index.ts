import { appointmentSchemas } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import { on } from '../../../realtime/on';
import type { IoServer, IoSocket } from '../../../realtime/types';
import type { FloorLive } from '../../floors/live';
import type { AppointmentService } from '../appointment.service';
import { VisitLobby } from './lobby';
import { RoomHolds } from './room-holds';
import { VisitSchedule } from './visit-schedule';
import { Arrivals } from './arrivals';
import { answerersOf, toUsers, visitOf } from './visit-dto';
import { isVisitor } from '../../floors/outsider-policy';
import { userChannel } from '../../floors/live/channels';

export { VISIT_TICK_MS } from './visit-schedule';

/**
 * Guest visits of appointments (issue 16 part A): the booked room held for
 * the visit (a gate of the live floor), the lobby (knock, admit, reject) and
 * the appointment events (started, reminder, ended) on the injected clock.
 */
export function createVisits(deps: {
  models: Models;
  clock: Clock;
  logger: Logger;
  appointments: AppointmentService;
  live: Pick<FloorLive, 'gates' | 'moveUser' | 'removeFromFloor'>;
}) {
  const { models, clock, logger, appointments, live } = deps;
  let server: IoServer | undefined;
  const io = () => server;
  const holds = new RoomHolds(models, clock);
  const lobby = new VisitLobby({ models, clock, logger, holds, io, moveUser: live.moveUser });
  // a booked visitor whose visit ended (and who has no other running now) leaves the floor
  const endVisit = async (floorId: number, userId: number) => {
    const row = await models.FloorParticipant.findOne({ where: { floorId, userId } });
    if (!isVisitor(row) || holds.visitsOf(floorId, userId).length > 0) return;
    await live.removeFromFloor(floorId, userId);
  };
  const schedule = new VisitSchedule({ models, clock, logger, holds, io, moveUser: live.moveUser, endVisit });
  live.gates.guestArrived.push(new Arrivals({ models, clock, io }).arrived);
  live.gates.room.push(holds.visitorGate, holds.gate);
  live.gates.visitsOn.push(holds.visitsOn);
  // a guest session still held after its visit ended (or before it starts) does not come back onto the floor
  live.gates.guestEntry.push(async (floorId, userId) => {
    const participant = await models.FloorParticipant.findOne({ where: { floorId, userId } });
    // a floor guest (the host's invitation, a public link) is not a visit's: nothing more to read
    if (!participant?.fromBooking) return;
    await appointments.admitGuest(participant);
    // join-guest may just have linked the guest's account to their booking: the holds learn who they are
    if (!holds.knowsGuest(participant.id, userId)) await holds.refresh();
  });
  appointments.onChanged((row, change) => {
    holds.refresh().catch((err: unknown) => logger.warn({ err }, 'room holds not refreshed'));
    if (change !== 'extended' || !server) return;
    void (async () => {
      const { dto } = await visitOf(models, row);
      const people = [...(await answerersOf(models, row)), ...(dto.guestUserId !== null ? [dto.guestUserId] : [])];
      toUsers(server!, row.floorId, people).emit('appointment:extended', dto);
    })().catch((err: unknown) => logger.warn({ err }, 'extension not sent'));
  });
  // a guest taken off a booking (appointment-calls.ts removeParticipant): told the visit ended, then closed
  appointments.onGuestRemoved((row, guestUserId) => {
    void (async () => {
      const payload = { appointmentId: row.id, floorId: row.floorId, roomId: row.roomId };
      for (const socket of (await server?.in(userChannel(row.floorId, guestUserId)).fetchSockets()) ?? []) {
        socket.emit('appointment:ended', payload);
        socket.disconnect(true);
      }
    })().catch((err: unknown) => logger.warn({ err }, 'removed guest not disconnected'));
  });
  const s = appointmentSchemas;
  return {
    holds,
    /** Sends the events due now (tests: after moving the clock). */
    tick: () => schedule.tick(),
    register(socket: IoSocket) {
      on(socket, 'appointment:lobby', s['appointment:lobby'], () => lobby.state(socket), logger);
      on(socket, 'appointment:knock', s['appointment:knock'], () => lobby.knock(socket), logger);
      on(
        socket,
        'appointment:admit',
        s['appointment:admit'],
        (p) => lobby.answer(socket, p.appointmentId, true),
        logger,
      );
      on(
        socket,
        'appointment:reject',
        s['appointment:reject'],
        (p) => lobby.answer(socket, p.appointmentId, false),
        logger,
      );
    },
    async attach(ioServer: IoServer, intervalMs?: number) {
      server = ioServer;
      await holds.refresh();
      schedule.start(intervalMs);
    },
    close: () => schedule.stop(),
  };
}
export type Visits = ReturnType<typeof createVisits>;
