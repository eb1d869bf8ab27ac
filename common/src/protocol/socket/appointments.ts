import { z } from 'zod';
import { appointmentSlotSchema } from '../rest/appointments';
import type { AckCallback } from './ack';

/**
 * Guest visits of appointments (product spec §4 Appointment, §6 lobby
 * reject/authenticate; calls §7.13 "Appointments: started, ended, reminder").
 *
 * - `appointment:lobby` — the caller's visit (a guest: their appointment now
 *   or next; anyone else: null) and the knocks waiting for them (the booking's
 *   owner, the host and subhosts).
 * - `appointment:knock` — the guest knocks: the booking's owner and the host
 *   get `appointment:knocked` (a desktop notification). Already admitted: the
 *   guest is moved into the booked room again.
 * - `appointment:admit` / `appointment:reject` — the owner, host or a subhost
 *   answers; the guest gets `appointment:admitted` (and is moved into the
 *   booked room) or `appointment:rejected` (and is taken off the floor).
 *
 * Server events to the floor: `appointment:started`, `appointment:ended`
 * (everyone clears that appointment; its guest's connection then closes);
 * to the booking's people and those in its room: `appointment:reminder`
 * (`reminder` minutes before the end, offering `extendTime` more) and
 * `appointment:extended`. To the booking's owner and the host:
 * `appointment:arrived` when the guest comes onto the floor (the lobby), a
 * desktop notification before any knock. To each person the start moved out
 * of the booked room: `appointment:roomCleared` (where they were taken, why).
 */
export const appointmentLobbySchema = z.object({}).optional();
export const appointmentKnockSchema = z.object({}).optional();
export const appointmentAnswerSchema = z.object({ appointmentId: z.number().int().min(1) });

export const guestVisitStatusSchema = z.enum(['knocking', 'admitted', 'rejected']);
export type GuestVisitStatus = z.infer<typeof guestVisitStatusSchema>;

/** An appointment as the live floor shows it (times are ISO instants). */
export const visitSchema = appointmentSlotSchema.extend({
  /** The booking's owner (their user id), who may answer knocks and extend. */
  ownerId: z.number().int().nullable(),
  guestUserId: z.number().int().nullable(),
  guestName: z.string().nullable(),
  guestStatus: guestVisitStatusSchema.nullable(),
});
export type VisitDto = z.infer<typeof visitSchema>;

export const knockSchema = z.object({ visit: visitSchema, knockedAt: z.string() });
export type KnockDto = z.infer<typeof knockSchema>;

export const lobbyStateSchema = z.object({ visit: visitSchema.nullable(), knocks: knockSchema.array() });
export type LobbyState = z.infer<typeof lobbyStateSchema>;

/** The guest came onto the floor during their visit (to the booking's owner and the host). */
export const arrivalSchema = z.object({ visit: visitSchema, arrivedAt: z.string() });
export type ArrivalDto = z.infer<typeof arrivalSchema>;

/**
 * At a visit's start, someone inside the booked room whom the booking does
 * not admit was moved to `toRoomId` (the entrance). No title or guest: the
 * booking is not theirs to read.
 */
export const roomClearedSchema = z.object({
  appointmentId: z.number().int(),
  floorId: z.number().int(),
  roomId: z.number().int(),
  roomNumber: z.number().int(),
  endAt: z.string(),
  toRoomId: z.number().int(),
});
export type RoomClearedDto = z.infer<typeof roomClearedSchema>;

export const visitEndedSchema = z.object({
  appointmentId: z.number().int(),
  floorId: z.number().int(),
  roomId: z.number().int(),
});
export const knockAnsweredSchema = z.object({ appointmentId: z.number().int(), admitted: z.boolean() });
export const visitRejectedSchema = z.object({ appointmentId: z.number().int() });

export interface AppointmentClientEvents {
  'appointment:lobby': (payload: z.infer<typeof appointmentLobbySchema>, ack: AckCallback<LobbyState>) => void;
  'appointment:knock': (payload: z.infer<typeof appointmentKnockSchema>, ack: AckCallback<VisitDto>) => void;
  'appointment:admit': (payload: z.infer<typeof appointmentAnswerSchema>, ack: AckCallback<VisitDto>) => void;
  'appointment:reject': (payload: z.infer<typeof appointmentAnswerSchema>, ack: AckCallback<VisitDto>) => void;
}

export interface AppointmentServerEvents {
  'appointment:knocked': (payload: KnockDto) => void;
  'appointment:arrived': (payload: ArrivalDto) => void;
  'appointment:roomCleared': (payload: RoomClearedDto) => void;
  /** A knock was answered (by anyone): the others' notifications close. */
  'appointment:knockAnswered': (payload: z.infer<typeof knockAnsweredSchema>) => void;
  'appointment:admitted': (payload: VisitDto) => void;
  'appointment:rejected': (payload: z.infer<typeof visitRejectedSchema>) => void;
  'appointment:started': (payload: VisitDto) => void;
  'appointment:reminder': (payload: VisitDto) => void;
  'appointment:extended': (payload: VisitDto) => void;
  'appointment:ended': (payload: z.infer<typeof visitEndedSchema>) => void;
}

export const appointmentSchemas = {
  'appointment:lobby': appointmentLobbySchema,
  'appointment:knock': appointmentKnockSchema,
  'appointment:admit': appointmentAnswerSchema,
  'appointment:reject': appointmentAnswerSchema,
} as const;
