import { z } from 'zod';
import type { AckCallback } from './ack';

/**
 * Server-side recording of a room (product spec §3 Recording, §4 Recording, §6;
 * calls §7.13 "recording actions").
 *
 * - `recording:start` — records the caller's room (they need the floor's recording
 *   permission and their company the Business plan). One recording per room.
 * - `recording:stop` — only the person who started it, while still in the room.
 * - `recording:list` — the recordings running on the caller's floor (to show the
 *   indicator on arrival).
 * Everyone on the floor gets `recording:changed` when a room's recording starts or ends
 * (the room's people show the indicator and hear a cue). The stop is answered at once and
 * the file is finished in the background; when that fails (nothing could be kept), the
 * person who started it gets `recording:failed` on all their sockets.
 */
export const recordingStartSchema = z.object({}).optional();
export const recordingStopSchema = z.object({}).optional();
export const recordingListSchema = z.object({}).optional();

export interface ActiveRecordingDto {
  id: number;
  floorId: number;
  roomId: number;
  startedBy: number;
  /** ISO time the recording started (the client shows the elapsed time from it). */
  startedAt: string;
}

export interface RecordingClientEvents {
  'recording:start': (payload: z.infer<typeof recordingStartSchema>, ack: AckCallback<ActiveRecordingDto>) => void;
  'recording:stop': (payload: z.infer<typeof recordingStopSchema>, ack: AckCallback<{ id: number }>) => void;
  'recording:list': (payload: z.infer<typeof recordingListSchema>, ack: AckCallback<ActiveRecordingDto[]>) => void;
}

export interface RecordingServerEvents {
  /** A room's recording started (`recording`) or ended (`recording: null`). */
  'recording:changed': (payload: { floorId: number; roomId: number; recording: ActiveRecordingDto | null }) => void;
  /** The recording I stopped (or that stopped without me) could not be finished: it is listed as failed. */
  'recording:failed': (payload: RecordingFailed) => void;
}

export const recordingFailedSchema = z.object({
  recordingId: z.number().int().positive(),
  floorId: z.number().int().positive(),
  roomId: z.number().int().positive(),
  code: z.literal('RECORDING_STOP_FAILED'),
});
export type RecordingFailed = z.infer<typeof recordingFailedSchema>;

export const recordingSchemas = {
  'recording:start': recordingStartSchema,
  'recording:stop': recordingStopSchema,
  'recording:list': recordingListSchema,
} as const;
