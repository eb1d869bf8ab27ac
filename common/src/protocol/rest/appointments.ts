import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../../domain/constants';
import { safeDisplayText } from '../safe-text';
import { inviteEmailSchema } from './employees';

/*
 * Appointments (spec §3 Appointment, §4, §5; calls spec §7.6): a booking of a
 * meeting room or a guest lounge of a floor, in Japan time, optionally for a
 * guest who gets a link by e-mail. CRUD is the resource /appointments; the
 * spec's named calls are under /appointment/.
 */

/** Spec §9: the reminder comes this many minutes before the end and offers this many more minutes. */
export const APPOINTMENT_DEFAULT_REMINDER = 15;
export const APPOINTMENT_DEFAULT_EXTEND = 30;
export const APPOINTMENT_TITLE_MAX = 100;
/** The room areas a booking may hold: meeting rooms and guest lounges. */
export const BOOKABLE_ROOM_TYPES = ['MEETING_ROOM', 'RECEPTION_ROOM'] as const;

/** An IANA time zone the runtime knows ("Asia/Tokyo", "Europe/Paris"). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const minutes = z.number().int('appointmentMinutes').min(1, 'appointmentMinutes').max(240, 'appointmentMinutes');

export const appointmentGuestSchema = z.object({
  name: safeDisplayText({ max: NAME_MAX_LENGTH, required: 'guestNameRequired', tooLong: 'nameTooLong' }),
  email: inviteEmailSchema,
  /** Where the guest is: the mail shows the time there too. */
  timeZone: z.string().max(64).refine(isTimeZone, 'timeZone').optional(),
});

const fields = {
  /** An appointment requires a room choice (spec §5): the floor_rooms id. */
  roomId: z.custom<number>((v) => typeof v === 'number' && Number.isInteger(v) && v >= 1, 'appointmentRoomRequired'),
  title: safeDisplayText({
    max: APPOINTMENT_TITLE_MAX,
    required: 'appointmentTitleRequired',
    tooLong: 'appointmentTitleTooLong',
  }),
  /** Japan time ("2026-12-01T10:00") or with an offset; the time rules of spec §5 apply. */
  startAt: z.string().max(40).optional(),
  endAt: z.string().max(40).optional(),
  reminder: minutes.optional(),
  extendTime: minutes.optional(),
};

/** POST /appointments (and /appointment/guest-appointment, where the guest is required). */
export const appointmentCreateSchema = z.object({
  floorId: z.number().int().min(1),
  ...fields,
  guest: appointmentGuestSchema.optional(),
});
export type AppointmentCreateBody = z.input<typeof appointmentCreateSchema>;
export const guestAppointmentSchema = appointmentCreateSchema.extend({ guest: appointmentGuestSchema });

/** PATCH /appointments/{id}: any of the fields; times are checked again as a whole. */
export const appointmentUpdateSchema = z.object(fields).partial();
export type AppointmentUpdateBody = z.input<typeof appointmentUpdateSchema>;

/** GET /appointments?floorId&from&to: the bookings overlapping [from, to) (Japan time; default today). */
export const appointmentListQuerySchema = z.object({
  floorId: z.coerce.number().int().min(1),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});

/**
 * POST /appointment/{id}/verify-appointment (spec §3: the id and endAt): can the
 * booking be extended to endAt, which must be its end plus extendTime (spec §4)?
 */
export const verifyAppointmentSchema = z.object({ id: z.number().int().min(1), endAt: z.string().max(40) });
export interface VerifyAppointmentAnswer {
  id: number;
  /** Japan time with its offset. */
  endAt: string;
  extendTime: number;
}

/** POST /appointment/{appointmentId}/register-participant: the guest of a booking made without one. */
export const registerParticipantSchema = appointmentGuestSchema;

/**
 * POST /appointment/request-link-appointment (no sign-in): a guest who lost
 * their e-mail asks for it again; answered the same whether or not the
 * address has a visit there.
 */
export const requestLinkAppointmentSchema = z.object({
  floorId: z.number().int().min(1),
  email: inviteEmailSchema,
});

/**
 * A booking's place and time, as the REST answer (`appointmentSchema`) and the
 * live floor's visit (socket `visitSchema`) both carry it.
 */
export const appointmentSlotSchema = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  roomId: z.number().int(),
  roomNumber: z.number().int(),
  title: z.string(),
  /** The REST answer: Japan time with its offset ("2026-12-01T10:00:00+09:00"); the live floor: ISO instants. */
  startAt: z.string(),
  endAt: z.string(),
  reminder: z.number().int(),
  extendTime: z.number().int(),
});

export const appointmentSchema = appointmentSlotSchema.extend({
  /** The room's name as its hosts set it; null: the room number's name (`effectiveRoomName`). */
  roomName: z.string().nullable(),
  /** Minutes added by extend-time so far. */
  extendedMinutes: z.number().int(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  guest: z
    .object({
      name: z.string(),
      email: z.string().optional(),
      timeZone: z.string().nullable(),
      link: z.string().optional(),
    })
    .nullable(),
  /** Whether the caller may edit or cancel it (its author, the host or a subhost). */
  canEdit: z.boolean(),
});
export type AppointmentDto = z.infer<typeof appointmentSchema>;
