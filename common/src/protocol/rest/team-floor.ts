import { z } from 'zod';
import { inviteEmailSchema } from './employees';
import { permissionsSchema } from './participants';

/*
 * Company employees and floors (calls spec §7.8 existed-employee,
 * check-employee, bulk-floor): the floor invite's team member tab asks
 * whether addresses are members of the caller's team, and a host invites the
 * whole team to a floor at once.
 */

/** POST /company-employees/existed-employee: is this address a member of the caller's team? */
export const existedEmployeeSchema = z.object({ email: inviteEmailSchema });
export const teamMemberSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const existedEmployeeAnswerSchema = z.object({
  email: z.string(),
  existed: z.boolean(),
  employee: teamMemberSchema.nullable(),
});
export type ExistedEmployeeAnswer = z.infer<typeof existedEmployeeAnswerSchema>;

/** POST /company-employees/check-employee: every address must be a member of the caller's team. */
export const checkEmployeeSchema = z.object({ emails: z.array(inviteEmailSchema).max(100) });

/** POST /company-employees/bulk-floor: every member of the floor's team not yet on it is invited, with these flags. */
export const bulkFloorSchema = z.object({
  floorId: z.number().int().min(1),
  permissions: permissionsSchema.optional(),
});
export type BulkFloorBody = z.input<typeof bulkFloorSchema>;
