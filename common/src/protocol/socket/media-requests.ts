import { z } from 'zod';
import type { AckCallback } from './ack';
import { MEDIA_SOURCES, type MediaSource } from './media';

/**
 * Host media controls and media requests (spec §3 Media request, §4, §6).
 *
 * - `media:turnOffAll` — a host or subhost of the floor turns off every
 *   camera, microphone or screen share of the floor (or of one room of it,
 *   `roomId`) but their own; each owner gets `media:producerClosed` with
 *   reason 'host' and turns the device off.
 * - `media:request` — asks someone to turn on their microphone, camera or
 *   screen: anyone may ask someone in their own room, a host or subhost may
 *   ask anyone on the floor. One pending request per (requester, receiver,
 *   device). The receiver gets `media:requestReceived` and answers with
 *   `media:answerRequest` (allow turns the device on at the receiver, deny
 *   puts it on the requester's denied list); the requester may take it back
 *   with `media:cancelRequest`. Both sides get `media:requestEnded`. A
 *   request ends too when either of them leaves the floor.
 */
const requestId = z.string().uuid();

export const mediaTurnOffAllSchema = z.object({
  source: z.enum(MEDIA_SOURCES),
  roomId: z.number().int().positive().optional(),
});
export const mediaRequestSchema = z.object({
  receiverId: z.number().int().positive(),
  deviceType: z.enum(MEDIA_SOURCES),
});
export const mediaRequestIdSchema = z.object({ id: requestId });
export const mediaAnswerRequestSchema = z.object({ id: requestId, allow: z.boolean() });
export const mediaListRequestsSchema = z.object({}).optional();

export const MEDIA_REQUEST_OUTCOMES = ['allowed', 'denied', 'cancelled', 'left'] as const;
export type MediaRequestOutcome = (typeof MEDIA_REQUEST_OUTCOMES)[number];

export interface MediaRequestDto {
  id: string;
  floorId: number;
  requesterId: number;
  receiverId: number;
  deviceType: MediaSource;
  createdAt: string;
}

export interface MediaRequestEnded {
  id: string;
  outcome: MediaRequestOutcome;
  requesterId: number;
  receiverId: number;
  deviceType: MediaSource;
}

/** Why the server closed one of your producers: a host turned it off. */
export const PRODUCER_CLOSED_REASONS = ['host'] as const;
export type ProducerClosedReason = (typeof PRODUCER_CLOSED_REASONS)[number];

export interface MediaRequestClientEvents {
  'media:turnOffAll': (payload: z.infer<typeof mediaTurnOffAllSchema>, ack: AckCallback<{ closed: number }>) => void;
  'media:request': (payload: z.infer<typeof mediaRequestSchema>, ack: AckCallback<MediaRequestDto>) => void;
  'media:cancelRequest': (payload: z.infer<typeof mediaRequestIdSchema>, ack: AckCallback<null>) => void;
  'media:answerRequest': (payload: z.infer<typeof mediaAnswerRequestSchema>, ack: AckCallback<null>) => void;
  'media:listRequests': (
    payload: z.infer<typeof mediaListRequestsSchema>,
    ack: AckCallback<{ sent: MediaRequestDto[]; received: MediaRequestDto[] }>,
  ) => void;
}

export interface MediaRequestServerEvents {
  /** Someone asks you to turn on a device. */
  'media:requestReceived': (payload: MediaRequestDto) => void;
  /** A request you sent or received ended (allowed, denied, cancelled, or one of you left the floor). */
  'media:requestEnded': (payload: MediaRequestEnded) => void;
}

export const mediaRequestSchemas = {
  'media:turnOffAll': mediaTurnOffAllSchema,
  'media:request': mediaRequestSchema,
  'media:cancelRequest': mediaRequestIdSchema,
  'media:answerRequest': mediaAnswerRequestSchema,
  'media:listRequests': mediaListRequestsSchema,
} as const;

/* Client-side checks of the answers and events. */
const userId = z.number().int().positive();
export const mediaRequestDtoSchema = z.object({
  id: requestId,
  floorId: z.number().int().positive(),
  requesterId: userId,
  receiverId: userId,
  deviceType: z.enum(MEDIA_SOURCES),
  createdAt: z.string(),
});
export const mediaRequestEndedSchema = z.object({
  id: requestId,
  outcome: z.enum(MEDIA_REQUEST_OUTCOMES),
  requesterId: userId,
  receiverId: userId,
  deviceType: z.enum(MEDIA_SOURCES),
});
export const mediaRequestListSchema = z.object({
  sent: z.array(mediaRequestDtoSchema),
  received: z.array(mediaRequestDtoSchema),
});
export const mediaProducerClosedSchema = z.object({
  producerId: z.string().min(1).max(64),
  source: z.enum(MEDIA_SOURCES).optional(),
  reason: z.enum(PRODUCER_CLOSED_REASONS).optional(),
});
