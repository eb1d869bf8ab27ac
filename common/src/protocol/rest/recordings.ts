import { z } from 'zod';

/**
 * Recordings, transcripts and minutes (calls spec §7.11; product spec §2, §3 Recording, §4).
 *
 * - `GET /api/floors/{id}/recordings?page&limit` — the recordings of a floor the caller may
 *   watch, newest first (a paged list answer).
 * - `GET /api/recordings/{id}` — one recording with its transcript and minutes.
 * - `DELETE /api/recordings/{id}` — the starter or a floor manager; the file goes too.
 * - `GET /api/recordings/{id}/download` — the webm, streamed, with range requests (bearer token).
 * - `POST /api/recordings/{id}/link` — a file link for <video> and plain links: the caller's own
 *   (bound to a cookie of their browser) and good for LINK_TTL_S (5 minutes).
 * - `POST /api/recordings/{id}/viewers` `{ userIds }` / `DELETE /api/recordings/{id}/viewers/{userId}` —
 *   the starter or a host shares the recording with people who may see the floor, or stops sharing.
 * - `POST /api/recordings/transcript` `{ recordingId }` — (re)generate the transcript (starter, hosts).
 * - `POST /api/recordings/summarization` `{ recordingId }` — (re)generate the minutes (starter, hosts).
 * Who may watch: the starter, the floor's hosts and subhosts, the people who were in the room while
 * it was recorded, and those it was shared with. Anyone else — another company's member, a
 * colleague who was not there — gets RECORDING_NOT_FOUND.
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
  /** Its server was lost while it ran: the file holds what was saved until then (issue 25 §9). */
  interrupted: boolean;
  /** The caller started it or hosts the floor: may delete, share and regenerate. */
  mayManage: boolean;
}

/** Someone besides the starter and the hosts who may watch a recording. */
export interface RecordingViewerDto {
  id: number;
  name: string;
  /** In the room while it was recorded, or shared with them. */
  reason: 'present' | 'shared';
}

export interface RecordingDetailDto extends RecordingDto {
  transcript: TranscriptSegmentDto[] | null;
  minutes: MinutesDto | null;
  /** Who else may watch it (for those who may manage it; null for the others). */
  viewers: RecordingViewerDto[] | null;
  /** Stretches recorded while nobody's media reached the room (everyone's connection dropped): silent and dark. */
  gaps: { startMs: number; endMs: number }[];
}

/** POST /recordings/{id}/link: a file URL (relative to /api) for the caller's browser, and when it stops working. */
export interface RecordingLinkDto {
  url: string;
  expiresAt: string;
}

export const recordingShareSchema = z.object({
  userIds: z.array(z.number().int().positive()).min(1).max(50),
});
export const recordingViewerParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

export const recordingActionSchema = z.object({ recordingId: z.number().int().positive() });
export const recordingDownloadQuerySchema = z.object({
  u: z.coerce.number().int().positive().optional(),
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(128).optional(),
});
