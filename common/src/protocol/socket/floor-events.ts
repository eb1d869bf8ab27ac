import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../errors';
import { PARTICIPANT_PERMISSIONS, PARTICIPANT_TYPES, type ParticipantPermission } from '../../domain/floors';
import { presenceSchema } from '../ipc';
import { floorSchema, roomSchema } from '../rest/floors';
import type { Ack } from './ack';
import type { FloorInitialData, FloorServerEvents, FloorUserDto, RoomInvitationDto } from './floor';

/**
 * Client-side checks of what the server sends on the live floor: the
 * acknowledgement answers and the floor:* server events (the types live in
 * floor.ts; `satisfies` below keeps them and these schemas in step).
 */
const id = z.number().int().positive();
const errorCode = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

export const floorUserSchema = z.object({
  userId: id,
  name: z.string(),
  avatarImageUrl: z.string().nullable(),
  roomId: id,
  seat: z.number().int(),
  participantType: z.enum(PARTICIPANT_TYPES),
  activeStatus: presenceSchema,
  connected: z.boolean(),
});

const permissions = z.object(
  Object.fromEntries(PARTICIPANT_PERMISSIONS.map((p) => [p, z.boolean()])) as Record<
    ParticipantPermission,
    z.ZodBoolean
  >,
);

export const floorInitialDataSchema = z.object({
  floor: floorSchema,
  rooms: z.array(roomSchema),
  users: z.array(floorUserSchema),
  me: z.object({
    userId: id,
    participantId: id.nullable(),
    participantType: z.enum(PARTICIPANT_TYPES),
    permissions,
    isHost: z.boolean(),
    canManage: z.boolean(),
    isGuest: z.boolean().default(false),
    isVisitor: z.boolean().default(false),
  }),
});

export const usersChangedSchema = z.object({
  floorId: id,
  users: z.array(floorUserSchema),
  moved: z.array(z.tuple([id, id, z.number().int(), presenceSchema, z.union([z.literal(0), z.literal(1)])])).optional(),
  left: z.array(id),
  version: z.number().int().positive().optional(),
  full: z.boolean().optional(),
});
export const kickedOutSchema = z.object({
  floorId: id,
  reason: z.enum(['kickedOut', 'dismissed', 'removed']),
  message: z.string(),
});
export const floorClosedSchema = z.object({ floorId: id, code: errorCode, message: z.string() });
export const roomInvitationSchema = z.object({
  id,
  floorId: id,
  roomId: id,
  inviterId: id,
  inviteeId: id,
  expiresAt: z.string(),
});
export const invitationEndedSchema = z.object({
  id,
  outcome: z.enum(['accepted', 'declined', 'cancelled', 'timedOut']),
});

/** An acknowledgement: {ok:true,data} with `data` checked, or {ok:false,error}. */
export const ackSchema = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({
      ok: z.literal(false),
      error: z.object({
        code: errorCode,
        message: z.string(),
        fields: z.record(z.string(), z.string()).optional(),
      }),
    }),
  ]);

type Payload<E extends keyof FloorServerEvents> = Parameters<FloorServerEvents[E]>[0];
type Fits<A extends B, B> = [A, B];
/** Compile-time agreement of the schemas with the protocol types (fails to build when they drift). */
export type FloorEventSchemasFit = [
  Fits<z.infer<typeof floorUserSchema>, FloorUserDto>,
  Fits<z.infer<typeof floorInitialDataSchema>, FloorInitialData>,
  Fits<z.infer<typeof usersChangedSchema>, Payload<'floor:usersChanged'>>,
  Fits<z.infer<typeof kickedOutSchema>, Payload<'floor:kickedOut'>>,
  Fits<z.infer<typeof floorClosedSchema>, Payload<'floor:closed'>>,
  Fits<z.infer<typeof roomInvitationSchema>, RoomInvitationDto>,
  Fits<z.infer<typeof invitationEndedSchema>, Payload<'floor:invitationEnded'>>,
  Fits<z.infer<ReturnType<typeof ackSchema<typeof floorUserSchema>>>, Ack<FloorUserDto>>,
];
