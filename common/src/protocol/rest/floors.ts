import { z } from 'zod';
import {
  AREA_TYPES,
  FLOOR_CATCHCOPY_MAX,
  FLOOR_CATCHPHRASE_MAX,
  FLOOR_DESCRIPTION_MAX,
  FLOOR_GROUPS,
  FLOOR_PASSWORD_MAX,
  FLOOR_PASSWORD_MIN,
  FLOOR_PRIVACIES,
  FLOOR_STATUSES,
  FLOOR_TITLE_MAX,
  FLOOR_TYPES,
  ROOM_EDITABLE_TYPES,
  ROOM_NAME_MAX,
  ROOM_SEAT_MAX,
  ROOM_TYPES,
} from '../../domain/floors';
import { pageQuerySchema } from './common';
import { safeDisplayText, safeMultilineText } from '../safe-text';
import { participantSchema } from './participants';

/*
 * Floors and floor rooms (calls spec §7.3, §7.4). Message ids are under
 * `validation.` in the i18n catalogues. Times are Japan time strings, checked
 * against the clock by the server (start now or later; on edit not earlier
 * than the saved start).
 */

/** An optional text of the floor's landing page (safe text: shown to every visitor); empty reads as none. */
const optionalText = (max: number, tooLong: string, lines = false) =>
  (lines ? safeMultilineText({ max, tooLong }) : safeDisplayText({ max, tooLong }))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const floorFields = {
  title: safeDisplayText({ max: FLOOR_TITLE_MAX, required: 'floorTitleRequired', tooLong: 'floorTitleTooLong' }),
  /** The floor details (spec "catchcopy (details)"): required, else FLOOR_DETAIL_REQUIRED. */
  catchcopy: optionalText(FLOOR_CATCHCOPY_MAX, 'catchcopyTooLong'),
  catchphrase: optionalText(FLOOR_CATCHPHRASE_MAX, 'catchphraseTooLong'),
  description: optionalText(FLOOR_DESCRIPTION_MAX, 'descriptionTooLong', true),
  type: z.union([z.literal(FLOOR_TYPES.WITH_TIME), z.literal(FLOOR_TYPES.PERMANENT)], 'floorType'),
  privacy: z.enum(FLOOR_PRIVACIES, 'floorPrivacy'),
  /** null or absent: no password. On edit, absent keeps the saved one and null removes it. */
  password: z.string().min(FLOOR_PASSWORD_MIN, 'floorPasswordLength').max(FLOOR_PASSWORD_MAX, 'floorPasswordLength'),
  /** Japan time ("2026-12-01T10:00") or ISO 8601 with an offset; required for a floor with time. */
  startAt: z.string('invalidTime').nullish(),
  endAt: z.string('invalidTime').nullish(),
  /** One of floor-plan-category's plans; required, else FLOOR_PLAN_REQUIRED. */
  floorPlanId: z.string().nullish(),
};

/** POST /floors. */
export const floorCreateSchema = z.object({ ...floorFields, password: floorFields.password.nullish() });
export type FloorCreateBody = z.input<typeof floorCreateSchema>;

/** PATCH /floors/{id}: any subset of the create fields. */
export const floorUpdateSchema = z
  .object({
    ...floorFields,
    catchcopy: floorFields.catchcopy.optional(),
    catchphrase: floorFields.catchphrase.optional(),
    description: floorFields.description.optional(),
    password: floorFields.password.nullable(),
  })
  .partial();
export type FloorUpdateBody = z.input<typeof floorUpdateSchema>;

/** POST /floors/duplicate: the create body of the new floor and the id of the floor it copies. */
export const floorDuplicateSchema = floorCreateSchema.extend({ id: z.coerce.number().int().min(1) });
export type FloorDuplicateBody = z.input<typeof floorDuplicateSchema>;

/** GET /floors, /floors/hosted, /floors/joined: paged, optionally one group of spec §4. */
export const floorListQuerySchema = pageQuerySchema.extend({ group: z.enum(FLOOR_GROUPS).optional() });
export type FloorListQuery = z.infer<typeof floorListQuerySchema>;

/** GET /floors/groups and /floors/hosted/groups: how many floors each list group holds now (the tabs' counts). */
const groupCount = z.number().int().min(0);
export const floorGroupCountsSchema = z.object({
  ongoing: groupCount,
  upcoming: groupCount,
  past: groupCount,
  permanent: groupCount,
}) satisfies z.ZodType<Record<(typeof FLOOR_GROUPS)[number], number>>;
export type FloorGroupCounts = z.infer<typeof floorGroupCountsSchema>;

export const floorSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  hostId: z.number().int(),
  title: z.string(),
  catchcopy: z.string().nullable(),
  catchphrase: z.string().nullable(),
  description: z.string().nullable(),
  type: z.union([z.literal(1), z.literal(2)]),
  privacy: z.enum(FLOOR_PRIVACIES),
  hasPassword: z.boolean(),
  /** Japan time with offset, e.g. "2026-12-01T10:00:00+09:00"; null for a permanent floor. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  status: z.enum(FLOOR_STATUSES),
  imageUrl: z.string().nullable(),
  floorPlanId: z.string(),
  numberOfParticipants: z.number().int(),
  /** The caller may edit, duplicate and delete it (host or subhost). */
  canManage: z.boolean(),
  /** The guest invite link's app_id of a public floor, for those who manage it (else absent). */
  inviteToken: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FloorDto = z.infer<typeof floorSchema>;

export const floorPlanCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  plans: z.array(z.object({ id: z.string(), name: z.string(), rooms: z.number().int() })),
});
export type FloorPlanCategory = z.infer<typeof floorPlanCategorySchema>;

export const roomSchema = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  number: z.number().int(),
  key: z.string(),
  /** The host's name for it, else its number's in the caller's language. */
  name: z.string(),
  /** The name a host gave it (the same in every language); null: its number's name. */
  customName: z.string().nullable(),
  /** Its type now (a host may change it: PATCH floor-room/{id}); null: open to everyone on the floor. */
  type: z.enum(ROOM_TYPES).nullable(),
  areaType: z.enum(AREA_TYPES),
  locked: z.boolean(),
  seat: z.number().int(),
  saveChat: z.boolean(),
  /** Shown to the floor's host and subhosts and to whoever locked the room; null otherwise. */
  password: z.string().nullable(),
  /**
   * A meeting room or guest lounge in GET /floors/{id}/rooms: whether the
   * caller may book it (its host and subhosts, or a member with the room's
   * flag; never a guest). Absent elsewhere.
   */
  mayBook: z.boolean().optional(),
});
export type RoomDto = z.infer<typeof roomSchema>;

/**
 * PATCH /floor-room/{id}: name (null or blank: back to its number's name),
 * type (null: open to everyone; SPEECH is the stage's alone), seats and
 * chat saving. The entrance, the stage and out of office keep their type
 * (ROOM_TYPE_FIXED when another is asked).
 */
export const roomUpdateSchema = z
  .object({
    name: safeDisplayText({ max: ROOM_NAME_MAX, tooLong: 'roomNameTooLong' })
      .nullable()
      .transform((name) => (name ? name : null)),
    type: z.enum(ROOM_EDITABLE_TYPES, { message: 'roomType' }).nullable(),
    seat: z
      .number()
      .min(1, 'roomSeat')
      .max(ROOM_SEAT_MAX, 'roomSeat')
      .refine((n) => Number.isInteger(n), 'roomSeat'),
    saveChat: z.boolean(),
  })
  .partial();
export type RoomUpdateBody = z.input<typeof roomUpdateSchema>;
export type RoomUpdate = z.output<typeof roomUpdateSchema>;

/** POST /floor-room/{id}/lock: locking issues a password, unlocking drops it. */
export const roomLockSchema = z.object({ locked: z.boolean() });

/**
 * GET /floors/{id}/join (calls spec §7.3): the floor the caller may enter now,
 * their participant row (null for a team member who is not invited), and its rooms.
 * It does not place them on the floor (floor:joinOffice does).
 */
export const floorEntrySchema = z.object({
  floor: floorSchema,
  currentParticipant: participantSchema.nullable(),
  rooms: z.array(roomSchema),
});
export type FloorEntryDto = z.infer<typeof floorEntrySchema>;
