import { z } from 'zod';

/**
 * Recordings, transcripts and minutes (calls spec §7.11; product spec §2, §3 Recording, §4).
 *
 * - `GET /api/floors/{id}/recordings` — the floor's recordings, newest first (a list answer).
 * - `GET /api/recordings/{id}` — one recording with its transcript and minutes.
 * - `DELETE /api/recordings/{id}` — the starter or a floor manager; the file goes too.
 * - `GET /api/recordings/{id}/download` — the webm, streamed, with range requests; with the
 *   bearer token, or with the signed `downloadUrl` of the DTO (for <video> and links).
 * - `POST /api/recordings/transcript` `{ recordingId }` — (re)generate the transcript.
 * - `POST /api/recordings/summarization` `{ recordingId }` — (re)generate the minutes.
 * A recording of another company's floor, or one that does not exist, is RECORDING_NOT_FOUND.
 */
export const RECORDING_STATUSES = ['recording', 'processing', 'ready', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
/** Transcript and minutes: queued → generating → ready | empty | failed ('none' before any). */
export const DERIVED_STATUSES = ['none', 'queued', 'generating', 'ready', 'empty', 'failed'] as const;
export type DerivedStatus = (typeof DERIVED_STATUSES)[number];

export interface TranscriptSegmentDto {
  startMs: number;
  endMs: number;
  text: string;
  /** Who spoke, from the microphone the audio came from (null when several were live). */
  speakerId: number | null;
  speakerName: string | null;
}

export interface MinutesDto {
  summary: string[];
  decisions: string[];
  actionItems: string[];
  /** 'extractive' (offline) or 'llm'. */
  engine: string;
}

export interface RecordingDto {
  id: number;
  floorId: number;
  roomId: number;
  roomName: string;
  floorName: string;
  startedBy: { id: number; name: string } | null;
  startedAt: string;
  endedAt: string | null;
  durationMs: number | null;
  size: number | null;
  status: RecordingStatus;
  transcriptStatus: DerivedStatus;
  /** The transcript engine and the languages it understands (shown honestly in the UI). */
  transcriptEngine: { name: string; languages: string[] };
  minutesStatus: DerivedStatus;
  /** The download path under /api, signed for an hour (works without the bearer token). */
  downloadUrl: string;
}

export interface RecordingDetailDto extends RecordingDto {
  transcript: TranscriptSegmentDto[] | null;
  minutes: MinutesDto | null;
}

export const recordingActionSchema = z.object({ recordingId: z.number().int().positive() });
export const recordingDownloadQuerySchema = z.object({
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(128).optional(),
});
