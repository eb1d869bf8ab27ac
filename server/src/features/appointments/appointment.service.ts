import crypto from 'node:crypto';
import { Op } from 'sequelize';
import type { z } from 'zod';
import {
  APPOINTMENT_DEFAULT_EXTEND,
  APPOINTMENT_DEFAULT_REMINDER,
  BOOKABLE_ROOM_TYPES,
  FLOOR_TYPES,
  parseJapanTime,
  effectiveRoomName,
  effectiveRoomType,
  toJapanTime,
  type AppointmentDto,
  type appointmentCreateSchema,
  type appointmentListQuerySchema,
  type appointmentUpdateSchema,
  type Locale,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { User } from '../users/user.model';
import type { Mailer } from '../mail/mailer';
import { immediate, viewFloor, type FloorAccess } from '../floors/floor-access';
import { assertMayBringOutsiders, isFloorGuest } from '../floors/outsider-policy';
import { endBookingGuest } from './booking-guest';
import { checkFloorTimes } from '../floors/floor-times';
import type { FloorRoom } from '../floors/room.model';
import type { FloorParticipant } from '../floors/participant.model';
import type { Appointment } from './appointment.model';
import { VisitMails } from './visit-mails';

type CreateInput = z.output<typeof appointmentCreateSchema>;
type UpdateInput = z.output<typeof appointmentUpdateSchema>;
type ListQuery = z.output<typeof appointmentListQuerySchema>;

export interface AppointmentDeps {
  models: Models;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: () => string;
}

const DAY_MS = 86_400_000;
const hhmm = (date: Date) => toJapanTime(date).slice(11, 16);

/**
 * Bookings of meeting rooms and guest lounges (issue 16). Anyone who may see
 * the floor sees the bookings; they are made by those the outsider policy
 * allows (floors/outsider-policy.ts: hosts, subhosts, members with the
 * room's flag; never a guest); the author, the host and subhosts edit,
 * extend and cancel them. A room holds
 * one booking at a time: overlapping ones are APPOINTMENT_CONFLICT. Another
 * team's floor and its bookings are not found.
 */
export class AppointmentService {
  private readonly listeners: ((row: Appointment, change: 'saved' | 'extended' | 'removed') => void)[] = [];
  /** The guest's mails: the invitation with its link, and the cancellation (visit-mails.ts). */
  readonly mail: VisitMails;

  constructor(private readonly deps: AppointmentDeps) {
    this.mail = new VisitMails(deps);
  }

  /** A booking was made, edited, extended or cancelled (the visits' room holds follow). */
  onChanged(listener: (row: Appointment, change: 'saved' | 'extended' | 'removed') => void): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners (the booking calls of appointment-calls.ts use it too). */
  changed(row: Appointment, change: 'saved' | 'extended' | 'removed') {
    for (const listener of this.listeners) listener(row, change);
  }

  private readonly guestListeners: ((row: Appointment, guestUserId: number) => void)[] = [];

  /** A guest was taken off a booking and must leave the floor now (the visits close their sessions). */
  onGuestRemoved(listener: (row: Appointment, guestUserId: number) => void): void {
    this.guestListeners.push(listener);
  }

  guestRemoved(row: Appointment, guestUserId: number) {
    for (const listener of this.guestListeners) listener(row, guestUserId);
  }

  async list(user: User, query: ListQuery): Promise<AppointmentDto[]> {
    const { models, clock } = this.deps;
    const access = await viewFloor(models, user, query.floorId);
    // the floor's calendar is its team's: a guest learns of their own visit on the floor (appointment:lobby)
    if (isFloorGuest(user, access) && !access.canManage) throw new AppError('FORBIDDEN');
    const from = (query.from && parseJapanTime(query.from)) || startOfJapanDay(clock.now());
    const to = (query.to && parseJapanTime(query.to)) || new Date(from.getTime() + DAY_MS);
    const rows = await models.Appointment.findAll({
      where: { floorId: query.floorId, startAt: { [Op.lt]: to }, endAt: { [Op.gt]: from } },
      order: [['startAt', 'ASC']],
    });
    return this.dtos(user, access, rows);
  }

  async get(user: User, id: number): Promise<AppointmentDto> {
    const { row, access } = await this.find(user, id);
    return (await this.dtos(user, access, [row]))[0]!;
  }

  async create(user: User, body: CreateInput, locale: Locale): Promise<AppointmentDto> {
    const { models, clock } = this.deps;
    const access = await viewFloor(models, user, body.floorId);
    const room = await this.bookableRoom(body.floorId, body.roomId);
    assertMayBringOutsiders(user, access, { kind: 'room', type: effectiveRoomType(room) });
    const times = checkFloorTimes(
      { type: FLOOR_TYPES.WITH_TIME, startAt: body.startAt, endAt: body.endAt },
      clock.now(),
      null,
      locale,
    );
    const { row, guest } = await immediate(models, async (transaction) => {
      await this.assertFree(room, times.startAt!, times.endAt!, null, locale);
      const guest = body.guest ? await this.guestRow(access, user, body.guest, transaction) : null;
      const row = await models.Appointment.create(
        {
          floorId: body.floorId,
          roomId: room.id,
          createdBy: user.id,
          participantId: guest?.id ?? null,
          title: body.title,
          startAt: times.startAt!,
          endAt: times.endAt!,
          reminder: body.reminder ?? APPOINTMENT_DEFAULT_REMINDER,
          extendTime: body.extendTime ?? APPOINTMENT_DEFAULT_EXTEND,
          guestTimeZone: body.guest?.timeZone ?? null,
        },
        { transaction },
      );
      return { row, guest };
    });
    this.changed(row, 'saved');
    if (guest) await this.mail.invitation(user, row, room, guest, locale);
    return (await this.dtos(user, access, [row]))[0]!;
  }

  async update(user: User, id: number, body: UpdateInput, locale: Locale): Promise<AppointmentDto> {
    const { models, clock } = this.deps;
    const { row, access } = await this.editable(user, id);
    const room =
      body.roomId === undefined
        ? await this.bookableRoom(row.floorId, row.roomId)
        : await this.bookableRoom(row.floorId, body.roomId);
    if (room.id !== row.roomId) assertMayBringOutsiders(user, access, { kind: 'room', type: effectiveRoomType(room) });
    const timesChanged = body.startAt !== undefined || body.endAt !== undefined;
    const times = timesChanged
      ? checkFloorTimes(
          {
            type: FLOOR_TYPES.WITH_TIME,
            startAt: body.startAt ?? toJapanTime(row.startAt),
            endAt: body.endAt ?? toJapanTime(row.endAt),
          },
          clock.now(),
          row.startAt,
          locale,
        )
      : { startAt: row.startAt, endAt: row.endAt };
    await immediate(models, async (transaction) => {
      await this.assertFree(room, times.startAt!, times.endAt!, row.id, locale);
      await row.update(
        {
          roomId: room.id,
          title: body.title ?? row.title,
          startAt: times.startAt!,
          endAt: times.endAt!,
          reminder: body.reminder ?? row.reminder,
          extendTime: body.extendTime ?? row.extendTime,
          ...(timesChanged ? { extendedMinutes: 0, reminderNoticeAt: null, endedNoticeAt: null } : {}),
        },
        { transaction },
      );
    });
    this.changed(row, 'saved');
    return (await this.dtos(user, access, [row]))[0]!;
  }

  /**
   * DELETE appointment/{id}: a guest whose last booking this was loses the row and link it made
   * (booking-guest.ts); a guest with an address is told by mail, with a calendar file that cancels the event.
   */
  async remove(user: User, id: number, locale: Locale = 'ja'): Promise<void> {
    const { models } = this.deps;
    const { row } = await this.editable(user, id);
    const { guest, endedGuest } = await immediate(models, async (transaction) => {
      await row.reload({ transaction });
      const booked = row.participantId
        ? await models.FloorParticipant.findByPk(row.participantId, { transaction })
        : null;
      await row.destroy({ transaction });
      const gone = booked !== null && (await endBookingGuest(models, booked, transaction));
      // the guest's link now says the visit was cancelled, and by whom (not "invalid")
      if (gone && booked.publicToken)
        await models.RevokedGuestLink.create(
          {
            floorId: row.floorId,
            publicToken: booked.publicToken,
            title: row.title,
            startAt: row.startAt,
            byName: user.name,
          },
          { transaction },
        );
      return { guest: booked, endedGuest: gone ? booked.userId : null };
    });
    this.changed(row, 'removed');
    if (endedGuest) this.guestRemoved(row, endedGuest);
    if (guest?.email) await this.mail.cancellation(user, row, guest.email, locale);
  }

  /** PATCH appointment/{id}/extend-time: the end moves by the booking's extendTime (spec §9: 30), if the room is free then. */
  async extend(user: User, id: number, locale: Locale): Promise<{ dto: AppointmentDto; minutes: number }> {
    const { models, clock } = this.deps;
    const { row, access } = await this.editable(user, id);
    if (row.endAt.getTime() <= clock.now().getTime() - row.extendTime * 60_000) throw new AppError('APPOINTMENT_ENDED');
    const room = await this.bookableRoom(row.floorId, row.roomId);
    const end = new Date(row.endAt.getTime() + row.extendTime * 60_000);
    await immediate(models, async (transaction) => {
      await this.assertFree(room, row.endAt, end, row.id, locale);
      await row.update(
        {
          endAt: end,
          extendedMinutes: row.extendedMinutes + row.extendTime,
          // the reminder comes again before the new end; a visit extended after its end opens again
          reminderNoticeAt: null,
          endedNoticeAt: null,
        },
        { transaction },
      );
    });
    this.changed(row, 'extended');
    return { dto: (await this.dtos(user, access, [row]))[0]!, minutes: row.extendTime };
  }

  /**
   * The time rule of a guest's link (spec §4 Appointment), called by
   * join-guest: a guest with bookings enters only during one of them — before
   * the first start APPOINTMENT_NOT_STARTED, after the last end (extensions
   * included) APPOINTMENT_ENDED. A guest without a booking is not concerned,
   * nor is one the host invited to the floor before a booking reused their row.
   */
  async admitGuest(participant: FloorParticipant): Promise<void> {
    // a guest the host invited to the floor is theirs to come and go; a booking that reused their row does not bind them
    if (!participant.fromBooking) return;
    const rows = await this.deps.models.Appointment.findAll({ where: { participantId: participant.id } });
    if (rows.length === 0) return;
    const now = this.deps.clock.now().getTime();
    if (rows.some((r) => r.startAt.getTime() <= now && now < r.endAt.getTime())) return;
    const next = Math.min(...rows.map((r) => r.startAt.getTime()).filter((start) => now < start));
    // the guest's page waits this long and enters at the start (it does not ask again meanwhile)
    if (Number.isFinite(next))
      throw new AppError('APPOINTMENT_NOT_STARTED', { values: { retryAfterS: Math.ceil((next - now) / 1000) } });
    throw new AppError('APPOINTMENT_ENDED');
  }

  async find(user: User, id: number) {
    const row = await this.deps.models.Appointment.findByPk(id);
    if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
    try {
      return { row, access: await viewFloor(this.deps.models, user, row.floorId) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'FLOOR_NOT_FOUND') throw new AppError('APPOINTMENT_NOT_FOUND');
      throw error;
    }
  }

  async editable(user: User, id: number) {
    const found = await this.find(user, id);
    if (!canEdit(user, found.access, found.row)) throw new AppError('FORBIDDEN');
    return found;
  }

  async bookableRoom(floorId: number, roomId: number): Promise<FloorRoom> {
    const room = await this.deps.models.FloorRoom.findOne({ where: { id: roomId, floorId } });
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    const type = effectiveRoomType(room);
    if (!type || !(BOOKABLE_ROOM_TYPES as readonly string[]).includes(type))
      throw new AppError('APPOINTMENT_ROOM_NOT_BOOKABLE');
    return room;
  }

  async assertFree(room: FloorRoom, start: Date, end: Date, except: number | null, locale: Locale) {
    const clash = await this.deps.models.Appointment.findOne({
      where: {
        roomId: room.id,
        startAt: { [Op.lt]: end },
        endAt: { [Op.gt]: start },
        ...(except ? { id: { [Op.ne]: except } } : {}),
      },
    });
    if (clash)
      throw new AppError('APPOINTMENT_CONFLICT', {
        values: {
          room: effectiveRoomName(room, locale),
          start: `${toJapanTime(clash.startAt).slice(0, 10)} ${hhmm(clash.startAt)}`,
          end: hhmm(clash.endAt),
        },
      });
  }

  /** The guest's participant row on the floor (reused when they were invited already): their link is its token. */
  async guestRow(
    access: FloorAccess,
    user: User,
    guest: NonNullable<CreateInput['guest']>,
    transaction: Parameters<Parameters<typeof immediate>[1]>[0],
  ): Promise<FloorParticipant> {
    const { models } = this.deps;
    const existing = await models.FloorParticipant.findOne({
      where: { floorId: access.floor.id, email: guest.email },
      transaction,
    });
    if (existing) return existing;
    return models.FloorParticipant.create(
      {
        floorId: access.floor.id,
        userId: null,
        email: guest.email,
        name: guest.name,
        type: 'GUEST',
        invitedBy: user.id,
        fromBooking: true,
        publicToken: crypto.randomBytes(32).toString('base64url'),
      },
      { transaction },
    );
  }

  async dtos(user: User, access: FloorAccess, rows: Appointment[]): Promise<AppointmentDto[]> {
    const { models } = this.deps;
    const ids = (list: (number | null)[]) => [...new Set(list.filter((v): v is number => v != null))];
    const [rooms, users, guests] = await Promise.all([
      models.FloorRoom.findAll({ where: { id: ids(rows.map((r) => r.roomId)) } }),
      models.User.findAll({ where: { id: ids(rows.map((r) => r.createdBy)) } }),
      models.FloorParticipant.findAll({ where: { id: ids(rows.map((r) => r.participantId)) } }),
    ]);
    return rows.map((r) => {
      const room = rooms.find((row) => row.id === r.roomId);
      const author = users.find((u) => u.id === r.createdBy);
      const guest = guests.find((g) => g.id === r.participantId);
      const editable = canEdit(user, access, r);
      return {
        id: r.id,
        floorId: r.floorId,
        roomId: r.roomId,
        roomNumber: room?.number ?? 0,
        roomName: room?.name ?? null,
        title: r.title,
        startAt: toJapanTime(r.startAt),
        endAt: toJapanTime(r.endAt),
        reminder: r.reminder,
        extendTime: r.extendTime,
        extendedMinutes: r.extendedMinutes,
        createdBy: author ? { id: author.id, name: author.name } : null,
        guest: guest
          ? {
              name: guest.name,
              timeZone: r.guestTimeZone,
              // the address and the link (a credential) only for those who manage the booking
              ...(editable ? { email: guest.email, link: this.mail.guestLink(r, guest) } : {}),
            }
          : null,
        canEdit: editable,
      };
    });
  }
}

const canEdit = (user: User, access: FloorAccess, row: Appointment) => access.canManage || row.createdBy === user.id;

/** Midnight in Japan of the day `date` falls on. */
export function startOfJapanDay(date: Date): Date {
  return parseJapanTime(`${toJapanTime(date).slice(0, 10)}T00:00`)!;
}
