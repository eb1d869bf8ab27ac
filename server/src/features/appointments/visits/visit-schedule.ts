import { Op } from 'sequelize';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import type { IoServer } from '../../../realtime/types';
import { usersInRoom } from '../../floors/live/engine/places';
import type { Appointment } from '../appointment.model';
import type { RoomHolds } from './room-holds';
import { clearBookedRoom } from './room-clearing';
import { answerersOf, toUsers, visitOf } from './visit-dto';
import { floorChannel, userChannel, visitorsChannel, visitorSelfChannel } from '../../floors/live/channels';

/** How often the appointment events are looked for (a reminder or an end comes at most this late). */
export const VISIT_TICK_MS = 5000;
/** Bookings that ended longer ago than this are not announced any more (a server down for a day). */
const STALE_MS = 86_400_000;
/** The longest reminder a booking may ask for (minutes; appointmentMinutes). */
const MAX_REMINDER_MS = 240 * 60_000;

/**
 * The appointment events of calls spec §7.13 on the injected clock (tests
 * move a ManualClock and call tick()): `appointment:started` to the floor at
 * the start, when the booked room is also cleared of those the booking does
 * not admit; `appointment:reminder` `reminder` minutes before the end to the
 * booking's owner, the host, the guest and whoever is in the room (it
 * offers `extendTime` more); at the end `appointment:ended` to the floor (the
 * others clear that appointment) and to the guest, whose floor connection
 * then closes. Each is sent once (the *_notice_at columns, claimed with a
 * conditional UPDATE so that one of several processes sends it); extend-time
 * clears the reminder and the end.
 */
export class VisitSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      models: Models;
      clock: Clock;
      logger: Logger;
      holds: RoomHolds;
      io: () => IoServer | undefined;
      moveUser: (floorId: number, userId: number, roomId: number) => Promise<unknown>;
      /** A booked visitor's place goes when their visit ends (a floor guest of the host's keeps theirs). */
      endVisit: (floorId: number, userId: number) => Promise<void>;
    },
  ) {}

  start(intervalMs = VISIT_TICK_MS): void {
    this.timer ??= setInterval(() => {
      this.tick().catch((err: unknown) => this.deps.logger.warn({ err }, 'appointment events failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Sends what is due now; one run at a time. */
  tick(): Promise<void> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<void> {
    const { models, clock, holds } = this.deps;
    const now = clock.now();
    const started = await models.Appointment.findAll({
      where: { startedNoticeAt: null, startAt: { [Op.lte]: now }, endAt: { [Op.gt]: now } },
    });
    for (const row of started) await this.started(row, now);
    const reminding = await models.Appointment.findAll({
      where: {
        reminderNoticeAt: null,
        startAt: { [Op.lte]: now },
        endAt: { [Op.gt]: now, [Op.lte]: new Date(now.getTime() + MAX_REMINDER_MS) },
      },
    });
    for (const row of reminding)
      if (row.endAt.getTime() - row.reminder * 60_000 <= now.getTime()) await this.reminded(row, now);
    const ended = await models.Appointment.findAll({
      where: { endedNoticeAt: null, endAt: { [Op.lte]: now, [Op.gt]: new Date(now.getTime() - STALE_MS) } },
    });
    for (const row of ended) await this.ended(row, now);
    await holds.refresh();
  }

  /** Marks an event sent, only if no other process did meanwhile (several servers share the table). */
  private async claim(row: Appointment, column: 'startedNoticeAt' | 'reminderNoticeAt' | 'endedNoticeAt', now: Date) {
    const [count] = await this.deps.models.Appointment.update(
      { [column]: now },
      { where: { id: row.id, [column]: null } },
    );
    if (count === 1) row.set(column, now);
    return count === 1;
  }

  private async started(row: Appointment, now: Date) {
    if (!(await this.claim(row, 'startedNoticeAt', now))) return;
    const { dto } = await visitOf(this.deps.models, row);
    const io = this.deps.io();
    // the floor's people learn of every visit; a visitor only of their own
    io?.to(floorChannel(row.floorId)).except(visitorsChannel(row.floorId)).emit('appointment:started', dto);
    if (dto.guestUserId !== null)
      io?.to(visitorSelfChannel(row.floorId, dto.guestUserId)).emit('appointment:started', dto);
    // the room is the visit's now: whoever the booking does not admit is taken out (room-clearing.ts)
    await clearBookedRoom(this.deps, row, dto).catch((err: unknown) =>
      this.deps.logger.warn({ err, appointmentId: row.id }, 'booked room not cleared'),
    );
  }

  private async reminded(row: Appointment, now: Date) {
    if (!(await this.claim(row, 'reminderNoticeAt', now))) return;
    const io = this.deps.io();
    if (!io) return;
    const { dto } = await visitOf(this.deps.models, row);
    const people = [
      ...(await answerersOf(this.deps.models, row)),
      ...(dto.guestUserId !== null ? [dto.guestUserId] : []),
      ...(await usersInRoom(this.deps.models, row.roomId)),
    ];
    toUsers(io, row.floorId, [...new Set(people)]).emit('appointment:reminder', dto);
  }

  private async ended(row: Appointment, now: Date) {
    if (!(await this.claim(row, 'endedNoticeAt', now))) return;
    const io = this.deps.io();
    if (!io) return;
    const { dto } = await visitOf(this.deps.models, row);
    const payload = { appointmentId: row.id, floorId: row.floorId, roomId: row.roomId };
    const guest = dto.guestUserId !== null ? userChannel(row.floorId, dto.guestUserId) : null;
    io.to(floorChannel(row.floorId))
      .except([visitorsChannel(row.floorId), ...(guest ? [guest] : [])])
      .emit('appointment:ended', payload);
    if (!guest) return;
    // the guest's own sockets: told, then closed (the packet is written before the close)
    for (const s of await io.in(guest).fetchSockets()) {
      s.emit('appointment:ended', payload);
      s.disconnect(true);
    }
    // a booked visitor's place on the floor ends with the visit (nothing of the floor stays theirs)
    if (dto.guestUserId !== null) await this.deps.endVisit(row.floorId, dto.guestUserId);
  }
}
