import { z } from 'zod';
import { pageQuerySchema } from './common';

/*
 * The participant log of a floor (spec §3 Participant log; calls spec §7.5
 * "participant list and detail, participant_log"): every enter and leave,
 * read by the floor's host and subhosts on the floor enter/leave history
 * screen, for a date range (Japan days; spec §5: start and end required, end
 * on or after start), with a CSV download.
 */

/** A missing day reads as empty, so it gets its own "required" message. */
const day = (required: string) =>
  z.preprocess(
    (value) => value ?? '',
    z
      .string()
      .min(1, required)
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'logDate'),
  );

/** At most this many days in one query (a year and a day). */
export const PARTICIPANT_LOG_MAX_DAYS = 366;

const range = z.object({ from: day('logFromRequired'), to: day('logToRequired') });
const inOrder = (q: { from: string; to: string }) => q.to >= q.from;

/** GET /floors/{id}/participant-log?from&to&page&limit (and …/export without paging). */
export const participantLogQuerySchema = pageQuerySchema
  .merge(range)
  .refine(inOrder, { message: 'logRangeOrder', path: ['to'] });
export const participantLogExportQuerySchema = range.refine(inOrder, { message: 'logRangeOrder', path: ['to'] });
export type ParticipantLogQuery = z.input<typeof participantLogQuerySchema>;

export const participantLogEntrySchema = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  userId: z.number().int(),
  /** The person's name now (a guest's display name); null when the account is gone. */
  name: z.string().nullable(),
  type: z.enum(['enter', 'leave']),
  /** The room they entered from or left from, in the caller's language; null when unknown. */
  roomName: z.string().nullable(),
  /** Japan time with its offset. */
  at: z.string(),
});
export type ParticipantLogEntryDto = z.infer<typeof participantLogEntrySchema>;
