import { Op } from 'sequelize';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { z } from 'zod';
import {
  effectiveRoomType,
  formatMessage,
  parseJapanTime,
  toJapanTime,
  type AppointmentDto,
  type Locale,
  type registerParticipantSchema,
  type requestLinkAppointmentSchema,
  type VerifyAppointmentAnswer,
  type verifyAppointmentSchema,
} from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import { immediate } from '../floors/floor-access';
import { assertMayBringOutsiders } from '../floors/outsider-policy';
import { endBookingGuest } from './booking-guest';
import type { AppointmentDeps, AppointmentService } from './appointment.service';

const MINUTE = 60_000;

/**
 * The named calls of calls spec §7.6 beyond CRUD: verify-appointment,
 * register-participant and request-link-appointment (issue 16 part A).
 */
export class AppointmentCalls {
  constructor(
    private readonly deps: AppointmentDeps,
    private readonly appointments: AppointmentService,
    /** request-link-appointment per floor and address (it sends mail). */
    private readonly linkRequests: RateLimiterAbstract,
  ) {}

  /**
   * POST appointment/{id}/verify-appointment {id, endAt}: may the booking be
   * extended to endAt? endAt must be its end plus extendTime (spec §4
   * "verified as end plus extend"), the room free until then, the caller one
   * who may extend, and the booking not over by more than extendTime.
   */
  async verify(
    user: User,
    pathId: number,
    body: z.output<typeof verifyAppointmentSchema>,
    locale: Locale,
  ): Promise<VerifyAppointmentAnswer> {
    if (body.id !== pathId)
      throw new AppError('VALIDATION_FAILED', {
        fields: { id: formatMessage(locale, 'validation.appointmentIdMismatch') },
      });
    const { row } = await this.appointments.editable(user, pathId);
    const now = this.deps.clock.now().getTime();
    if (row.endAt.getTime() <= now - row.extendTime * MINUTE) throw new AppError('APPOINTMENT_ENDED');
    const expected = new Date(row.endAt.getTime() + row.extendTime * MINUTE);
    const asked = parseJapanTime(body.endAt);
    if (!asked || asked.getTime() !== expected.getTime())
      throw new AppError('VALIDATION_FAILED', {
        fields: {
          endAt: formatMessage(locale, 'validation.appointmentExtendEnd', {
            minutes: row.extendTime,
            end: toJapanTime(expected).slice(0, 16).replace('T', ' '),
          }),
        },
      });
    const room = await this.appointments.bookableRoom(row.floorId, row.roomId);
    await this.appointments.assertFree(room, row.endAt, expected, row.id, locale);
    return { id: row.id, endAt: toJapanTime(expected), extendTime: row.extendTime };
  }

  /**
   * POST appointment/{appointmentId}/register-participant: the guest of a
   * booking made without one (the author, host or a subhost); they get the
   * e-mail with the link and the calendar file. A booking that has a guest
   * already, or is over, changes nothing.
   */
  async registerParticipant(
    user: User,
    id: number,
    guest: z.output<typeof registerParticipantSchema>,
    locale: Locale,
  ): Promise<AppointmentDto> {
    const { models, clock } = this.deps;
    const { row, access } = await this.appointments.editable(user, id);
    if (row.endAt.getTime() <= clock.now().getTime()) throw new AppError('APPOINTMENT_ENDED');
    const room = await this.appointments.bookableRoom(row.floorId, row.roomId);
    assertMayBringOutsiders(user, access, { kind: 'room', type: effectiveRoomType(room) });
    const participant = await immediate(models, async (transaction) => {
      await row.reload({ transaction });
      if (row.participantId) throw new AppError('APPOINTMENT_HAS_GUEST');
      const p = await this.appointments.guestRow(access, user, guest, transaction);
      await row.update({ participantId: p.id, guestTimeZone: guest.timeZone ?? null }, { transaction });
      return p;
    });
    await this.appointments.mail.invitation(user, row, room, participant, locale);
    return (await this.appointments.dtos(user, access, [row]))[0]!;
  }

  /**
   * DELETE appointment/{appointmentId}/participant: the booking's guest is
   * taken off it (the author, host or a subhost), so that another can be
   * registered. A link guest left with no other booking on the floor loses
   * their invitation: their participant row goes (as a host's dismissal of a
   * guest does), so their link answers INVALID_FLOOR_LINK and their guest
   * session is no longer accepted. A guest with other bookings keeps the link
   * for those; a member or an account holder only leaves the booking. A guest
   * on the floor for this booking now, or whose invitation ended, is told the
   * visit ended and disconnected. A booking that is over changes nothing
   * (APPOINTMENT_ENDED); one without a guest is answered as it is.
   */
  async removeParticipant(user: User, id: number): Promise<AppointmentDto> {
    const { models, clock } = this.deps;
    const { row, access } = await this.appointments.editable(user, id);
    const now = clock.now().getTime();
    if (row.endAt.getTime() <= now) throw new AppError('APPOINTMENT_ENDED');
    const removed = await immediate(models, async (transaction) => {
      await row.reload({ transaction });
      if (!row.participantId) return null;
      const guest = await models.FloorParticipant.findByPk(row.participantId, { transaction });
      await row.update(
        { participantId: null, guestTimeZone: null, guestStatus: null, knockedAt: null },
        { transaction },
      );
      if (!guest) return null;
      const ended = await endBookingGuest(models, guest, transaction);
      return { userId: guest.userId, ended };
    });
    this.appointments.changed(row, 'saved');
    const running = row.startAt.getTime() <= now;
    if (removed?.userId && (removed.ended || running)) this.appointments.guestRemoved(row, removed.userId);
    return (await this.appointments.dtos(user, access, [row]))[0]!;
  }

  /**
   * POST appointment/request-link-appointment {floorId, email}, no sign-in:
   * the guest's e-mail again for their visit on that floor still to come or
   * running. The answer is the same whether or not there is one (nobody
   * learns who is invited); at most 3 per floor and address in 10 minutes.
   */
  async requestLink(body: z.output<typeof requestLinkAppointmentSchema>, locale: Locale): Promise<void> {
    const { models, clock } = this.deps;
    const email = body.email.toLowerCase();
    try {
      await this.linkRequests.consume(`${body.floorId}:${email}`, 1);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      throw new AppError('RATE_LIMITED');
    }
    const guest = await models.FloorParticipant.findOne({ where: { floorId: body.floorId, email, type: 'GUEST' } });
    if (!guest) return;
    const row = await models.Appointment.findOne({
      where: { participantId: guest.id, endAt: { [Op.gt]: clock.now() } },
      order: [['startAt', 'ASC']],
    });
    if (!row) return;
    const [room, host] = await Promise.all([
      this.appointments.bookableRoom(row.floorId, row.roomId),
      row.createdBy ? models.User.findByPk(row.createdBy) : null,
    ]);
    const floor = await models.Floor.findByPk(row.floorId);
    const sender = host ?? (floor ? await models.User.findByPk(floor.hostId) : null);
    if (!sender) return;
    await this.appointments.mail.invitation(sender, row, room, guest, locale);
  }
}
