import { effectiveRoomName, type Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail/mailer';
import type { MailContent } from '../mail/templates';
import type { FloorParticipant } from '../floors/participant.model';
import type { FloorRoom } from '../floors/room.model';
import type { User } from '../users/user.model';
import type { Appointment } from './appointment.model';
import { visitCancelledMail, visitMail } from './appointment-mail';
import { buildIcal } from './ical';

/** A booked visit's mails to its guest, each with its calendar file. */
export class VisitMails {
  constructor(
    private readonly deps: { models: Models; clock: Clock; mailer: Mailer; logger: Logger; publicUrl: () => string },
  ) {}

  /** The guest's link to the floor: their own (app_id) when they have no account. */
  guestLink(row: Appointment, guest: FloorParticipant) {
    const url = `${this.deps.publicUrl()}/floors/${row.floorId}`;
    return guest.type === 'GUEST' && !guest.userId ? `${url}?app_id=${guest.publicToken}` : url;
  }

  /** The invitation: the link, the time in the guest's zone and in Japan time, a calendar REQUEST. */
  async invitation(user: User, row: Appointment, room: FloorRoom, guest: FloorParticipant, locale: Locale) {
    const link = this.guestLink(row, guest);
    const roomName = effectiveRoomName(room, locale);
    const mail = visitMail(locale, {
      host: user.name,
      title: row.title,
      room: roomName,
      start: row.startAt,
      end: row.endAt,
      timeZone: row.guestTimeZone,
      url: link,
    });
    await this.send(user, row, guest.email, mail, { method: 'REQUEST', roomName, link });
  }

  /** The cancellation of a visit (its row already gone), with a calendar file that cancels the event. */
  async cancellation(user: User, row: Appointment, to: string, locale: Locale) {
    const room = await this.deps.models.FloorRoom.findByPk(row.roomId);
    const roomName = room ? effectiveRoomName(room, locale) : '';
    const input = { host: user.name, title: row.title, room: roomName, start: row.startAt, end: row.endAt };
    const mail = visitCancelledMail(locale, { ...input, timeZone: row.guestTimeZone });
    await this.send(user, row, to, mail, { method: 'CANCEL', roomName });
  }

  /**
   * A visit's mail with its calendar file: the invitation (REQUEST, with the link) or its cancellation
   * (CANCEL, the same UID with a higher SEQUENCE, which calendars apply to the event they hold). A failed
   * send leaves the booking as it is; the host sees the guest in the calendar.
   */
  private async send(
    user: User,
    row: Appointment,
    to: string,
    mail: MailContent,
    calendar: { method: 'REQUEST' | 'CANCEL'; roomName: string; link?: string },
  ) {
    const { method, roomName, link } = calendar;
    const ics = buildIcal({
      uid: `appointment-${row.id}@tsudoi`,
      start: row.startAt,
      end: row.endAt,
      stamp: this.deps.clock.now(),
      summary: row.title,
      location: roomName,
      organizer: { name: user.name, email: user.email },
      ...(link ? { url: link, description: `${mail.text.split('\n')[0]}\n${link}` } : {}),
      ...(method === 'CANCEL' ? { sequence: 1, method } : {}),
    });
    const filename = method === 'CANCEL' ? 'cancel.ics' : 'invite.ics';
    try {
      await this.deps.mailer.send({
        to,
        ...(link ? { link } : {}),
        ...mail,
        attachments: [{ filename, content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }],
      });
    } catch (err) {
      this.deps.logger.warn({ err, method }, 'appointment mail failed');
    }
  }
}
