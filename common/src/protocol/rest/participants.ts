import { z } from 'zod';
import {
  PARTICIPANT_PERMISSIONS,
  PARTICIPANT_STATUSES,
  PARTICIPANT_TYPES,
  type ParticipantPermission,
} from '../../domain/floors';
import { NAME_MAX_LENGTH } from '../../domain/constants';
import { inviteEmailSchema } from './employees';
import { pageQuerySchema } from './common';
import { safeDisplayText } from '../safe-text';

/* Floor participants (calls spec §7.5): invitations of guests and team members, permissions. */

const permissionShape = Object.fromEntries(PARTICIPANT_PERMISSIONS.map((p) => [p, z.boolean()])) as Record<
  ParticipantPermission,
  z.ZodBoolean
>;
/** Every flag; absent ones are false. */
export const permissionsSchema = z.object(permissionShape).partial();
export const permissionsAnswerSchema = z.object(permissionShape);

export const participantInviteSchema = z.object({
  email: inviteEmailSchema,
  /** Shown until the person signs in; defaults to the part of the e-mail before @. */
  name: safeDisplayText({ max: NAME_MAX_LENGTH, tooLong: 'nameTooLong' }).optional(),
  permissions: permissionsSchema.optional(),
});

/** POST /participant/register: invites every entry to the floor (an empty list is EMPTY_INVITATION_LIST). */
export const participantRegisterSchema = z.object({
  floorId: z.coerce.number().int().min(1),
  participants: z.array(participantInviteSchema).max(100),
});
export type ParticipantRegisterBody = z.input<typeof participantRegisterSchema>;

/** PATCH /participant/{id}. */
export const participantUpdateSchema = z.object({ permissions: permissionsSchema });

/** GET /participant/employees: the caller's team members for the invite step's team member tab. */
export const participantEmployeesQuerySchema = pageQuerySchema.extend({
  floorId: z.coerce.number().int().min(1).optional(),
});

export const participantSchema = z.object({
  id: z.number().int(),
  floorId: z.number().int(),
  userId: z.number().int().nullable(),
  type: z.enum(PARTICIPANT_TYPES),
  name: z.string(),
  email: z.string(),
  status: z.enum(PARTICIPANT_STATUSES),
  permissions: permissionsAnswerSchema,
  avatarColor: z.string(),
  createdAt: z.string(),
});
export type ParticipantDto = z.infer<typeof participantSchema>;

export const floorEmployeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatarColor: z.string(),
  avatarImageUrl: z.string().nullable(),
  /** Already a participant of the floor given by floorId. */
  invited: z.boolean(),
});
export type FloorEmployee = z.infer<typeof floorEmployeeSchema>;
