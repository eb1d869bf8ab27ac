import { z } from 'zod';
import { PLANS, type Plan } from '../../domain/accounts';
import { displayNameSchema } from './common';

/** Path parameter of every call addressed by a numeric id. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type IdParams = z.infer<typeof idParamsSchema>;

/** DELETE /company/{id}/members/{userId}: a team and one of its members. */
export const companyMemberParamsSchema = idParamsSchema.extend({ userId: idParamsSchema.shape.id });

/** POST /company and PATCH /company/{id}. */
export const companyNameSchema = z.object({ name: displayNameSchema });
export type CompanyNameBody = z.input<typeof companyNameSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoImageUrl: z.string().nullable(),
  plan: z.enum(Object.keys(PLANS) as [Plan, ...Plan[]]),
  maxEmployee: z.number().int(),
  /** Members of the team (the owner included). */
  numberOfEmployees: z.number().int(),
  /** Invitations sent and neither accepted nor expired: together with the members they fill the plan. */
  pendingInvitations: z.number().int(),
  ownerId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CompanyDto = z.infer<typeof companySchema>;
