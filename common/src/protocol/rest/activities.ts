import { z } from 'zod';
import { safeDisplayText } from '../safe-text';

/*
 * Today's events (spec §3 Activity; calls spec §7.10 activity, §7.13
 * activities created/updated/deleted): short entries of a floor's day, in
 * Japan time. Only today's are kept: an entry must start and end today and
 * yesterday's are gone.
 */

export const ACTIVITY_TYPES = ['EVENT', 'MEETING', 'VISIT', 'BREAK', 'OTHER'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_DESCRIPTION_MAX = 200;

const fields = {
  type: z.enum(ACTIVITY_TYPES, { message: 'activityType' }),
  /** Shown as the entry's content. */
  description: safeDisplayText({
    max: ACTIVITY_DESCRIPTION_MAX,
    required: 'activityDescriptionRequired',
    tooLong: 'activityDescriptionTooLong',
  }),
  /** Japan time ("2026-12-01T10:00") or with an offset; the time rules of spec §5 apply, and both today. */
  startAt: z.string().max(40).optional(),
  endAt: z.string().max(40).optional(),
};

/** POST /activities. */
export const activityCreateSchema = z.object({ floorId: z.number().int().min(1), ...fields });
export type ActivityCreateBody = z.input<typeof activityCreateSchema>;

/** PATCH /activities/{id}: any of the fields; times are checked again as a whole. */
export const activityUpdateSchema = z.object(fields).partial();
export type ActivityUpdateBody = z.input<typeof activityUpdateSchema>;

/** GET /activities?floorId: today's entries of the floor, by start. */
export const activityListQuerySchema = z.object({ floorId: z.coerce.number().int().min(1) });

export const activitySchema = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  description: z.string(),
  /** Japan time with its offset ("2026-12-01T10:00:00+09:00"). */
  startAt: z.string(),
  endAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The caller may edit and delete it (its author, the host, subhosts). */
  canEdit: z.boolean(),
});
export type ActivityDto = z.infer<typeof activitySchema>;
