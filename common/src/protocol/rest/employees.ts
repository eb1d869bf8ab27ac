import { z } from 'zod';
import { EMPLOYEE_ROLES } from '../../domain/accounts';
import { userSchema } from './auth';
import { companySchema } from './company';

/** An e-mail as typed or pasted: surrounding spaces and case do not matter. */
export const inviteEmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** One row of the team member list: a member (active) or an invitation not yet accepted (pending). */
export const employeeRowSchema = z.object({
  /** The user id of an active row; the invitation id of a pending row (used by re-send). */
  id: z.number().int(),
  /** A pending row has no name yet: it shows the e-mail. */
  name: z.string(),
  email: z.string(),
  role: z.enum(EMPLOYEE_ROLES),
  status: z.enum(['active', 'pending']),
  avatarColor: z.string(),
  avatarImageUrl: z.string().nullable(),
  /** When a pending invitation stops working (re-send renews it); null for members. */
  expiresAt: z.string().nullable(),
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;

/** POST /company-employees/bulk. An empty list is EMPTY_INVITATION_LIST, checked by the server. */
export const bulkInvitationSchema = z.object({ emails: z.array(inviteEmailSchema).max(100) });
export type BulkInvitationBody = z.input<typeof bulkInvitationSchema>;

/** GET /company-employees/{id}/check?email= (public: the invitation page). */
export const invitationCheckQuerySchema = z.object({ email: inviteEmailSchema });
export const INVITATION_STATES = ['valid', 'expired', 'accepted'] as const;
export const invitationCheckSchema = z.object({
  status: z.enum(INVITATION_STATES),
  companyName: z.string(),
  email: z.string(),
});
export type InvitationCheck = z.infer<typeof invitationCheckSchema>;

/** Answer data of POST /company-employees/accept/{id}: the user as a member now, and the team joined. */
export const invitationAcceptedSchema = z.object({ user: userSchema, company: companySchema });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/**
 * Answer data of POST /company-employees/check (body as for bulk): the list
 * passed every check of the bulk invitation and fits the plan; nothing was
 * created. A bad list gets the same errors as bulk.
 */
export const invitationListCheckSchema = z.object({ emails: z.array(z.string()), seatsLeft: z.number().int() });
export type InvitationListCheck = z.infer<typeof invitationListCheckSchema>;
