import { z } from 'zod';
import { safeDisplayText, safeMultilineText } from '../safe-text';
import {
  FLOOR_CATCHCOPY_MAX,
  FLOOR_CATCHPHRASE_MAX,
  FLOOR_DESCRIPTION_MAX,
  FLOOR_TITLE_MAX,
} from '../../domain/floors';
import { EMPLOYEE_ROLES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PLANS, type Plan } from '../../domain/accounts';
import { displayNameSchema, pageQuerySchema } from './common';
import { bulkInvitationSchema } from './employees';

/**
 * The platform admin's calls (calls spec §7.12): lists with server-side
 * search (q), sort and order, filters and paging; detail, edit, delete;
 * CSV exports; the audit log and the dashboard.
 */
const search = z.string().trim().max(100).optional();
const order = z.enum(['asc', 'desc']).default('desc');
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const planEnum = z.enum(Object.keys(PLANS) as [Plan, ...Plan[]]);

const listQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  pageQuerySchema.extend({ q: search, sort: z.enum(sorts).default(sorts[0]), order });

export const ADMIN_USER_SORTS = ['createdAt', 'id', 'name', 'email'] as const;
export const adminUserQuerySchema = listQuery(ADMIN_USER_SORTS).extend({
  /** live (default), deleted or all accounts. */
  state: z.enum(['live', 'deleted', 'all']).default('live'),
  companyId: id.optional(),
});
export const ADMIN_ADMIN_SORTS = ['createdAt', 'id', 'name', 'email'] as const;
export const adminAdminQuerySchema = listQuery(ADMIN_ADMIN_SORTS);
export const ADMIN_COMPANY_SORTS = ['createdAt', 'id', 'name', 'plan'] as const;
export const adminCompanyQuerySchema = listQuery(ADMIN_COMPANY_SORTS).extend({ plan: planEnum.optional() });
export const ADMIN_FLOOR_SORTS = ['createdAt', 'id', 'title', 'startAt'] as const;
export const adminFloorQuerySchema = listQuery(ADMIN_FLOOR_SORTS).extend({
  companyId: id.optional(),
  state: z.enum(['live', 'deleted', 'all']).default('live'),
});
export const ADMIN_PARTICIPANT_SORTS = ['createdAt', 'id', 'name', 'email'] as const;
export const adminParticipantQuerySchema = listQuery(ADMIN_PARTICIPANT_SORTS).extend({
  floorId: id.optional(),
  status: z.enum(['participated', 'pending']).optional(),
});
export const ADMIN_LOG_SORTS = ['at', 'id'] as const;
export const adminLogQuerySchema = listQuery(ADMIN_LOG_SORTS).extend({
  floorId: id.optional(),
  companyId: id.optional(),
  userId: id.optional(),
  type: z.enum(['enter', 'leave']).optional(),
});
export const ADMIN_AUDIT_SORTS = ['at', 'id'] as const;
export const adminAuditQuerySchema = listQuery(ADMIN_AUDIT_SORTS).extend({ targetType: z.string().max(32).optional() });
export const ADMIN_UPLOAD_SORTS = ['createdAt', 'size', 'name'] as const;
export const adminUploadQuerySchema = listQuery(ADMIN_UPLOAD_SORTS).extend({ companyId: id.optional() });

/** PATCH admin/users/{id}. */
export const adminUserUpdateSchema = z
  .object({
    name: displayNameSchema,
    email: z.email().max(254),
    employeeRole: z.enum(EMPLOYEE_ROLES).nullable(),
    verified: z.boolean(),
  })
  .partial();
/** POST admin/admins (register) and PATCH admin/admins/{id} (password optional there). */
export const adminRegisterSchema = z.object({
  name: displayNameSchema,
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH, 'passwordLength').max(PASSWORD_MAX_LENGTH, 'passwordLength'),
});
export const adminAdminUpdateSchema = adminRegisterSchema.partial();
/** PATCH admin/company/{id}: name, plan and member limit. */
export const adminCompanyUpdateSchema = z
  .object({ name: displayNameSchema, plan: planEnum, maxEmployee: z.number().int().min(1).max(10_000) })
  .partial();
/** PATCH admin/floors/{id}: the texts and the privacy (times stay with the host's own edit and its rules). */
export const adminFloorUpdateSchema = z
  .object({
    title: safeDisplayText({ max: FLOOR_TITLE_MAX, required: 'floorTitleRequired', tooLong: 'floorTitleTooLong' }),
    catchcopy: safeDisplayText({ max: FLOOR_CATCHCOPY_MAX, tooLong: 'catchcopyTooLong' }).nullable(),
    catchphrase: safeDisplayText({ max: FLOOR_CATCHPHRASE_MAX, tooLong: 'catchphraseTooLong' }).nullable(),
    description: safeMultilineText({ max: FLOOR_DESCRIPTION_MAX, tooLong: 'descriptionTooLong' }).nullable(),
    privacy: z.enum(['public', 'private']),
  })
  .partial();
/** POST admin/participant/resend: the address whose pending floor invitations are sent again. */
export const adminResendSchema = z.object({ email: z.email().max(254) });
/**
 * POST admin/company-employees/check and admin/company-employees/bulk (calls spec §7.8
 * admin variants): a team manager's list check and bulk invitation, for a named team.
 */
export const adminBulkInvitationSchema = bulkInvitationSchema.extend({ companyId: id });
export type AdminBulkInvitationBody = z.input<typeof adminBulkInvitationSchema>;

const when = z.string();
export const adminUserRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  verifiedAt: when.nullable(),
  employmentCompanyId: z.number().nullable(),
  companyName: z.string().nullable(),
  employeeRole: z.string().nullable(),
  createdAt: when,
  deletedAt: when.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminAccountRowSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), createdAt: when });
export type AdminAccountRow = z.infer<typeof adminAccountRowSchema>;
export const adminCompanyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  plan: planEnum,
  maxEmployee: z.number(),
  members: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  createdAt: when,
});
export type AdminCompanyRow = z.infer<typeof adminCompanyRowSchema>;
export const adminFloorRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  companyId: z.number(),
  companyName: z.string().nullable(),
  hostId: z.number(),
  hostName: z.string().nullable(),
  type: z.number(),
  privacy: z.string(),
  startAt: when.nullable(),
  endAt: when.nullable(),
  participants: z.number(),
  online: z.number(),
  createdAt: when,
  deletedAt: when.nullable(),
});
export type AdminFloorRow = z.infer<typeof adminFloorRowSchema>;
export const adminParticipantRowSchema = z.object({
  id: z.number(),
  floorId: z.number(),
  floorTitle: z.string().nullable(),
  userId: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  type: z.string(),
  status: z.string(),
  createdAt: when,
});
export type AdminParticipantRow = z.infer<typeof adminParticipantRowSchema>;
export const adminLogRowSchema = z.object({
  id: z.number(),
  at: when,
  type: z.string(),
  companyId: z.number(),
  companyName: z.string().nullable(),
  floorId: z.number(),
  floorTitle: z.string().nullable(),
  userId: z.number(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type AdminLogRow = z.infer<typeof adminLogRowSchema>;
export const adminAuditRowSchema = z.object({
  id: z.number(),
  at: when,
  adminId: z.number(),
  adminEmail: z.string(),
  /** Who acted: a platform admin, a floor's host, a team's manager. */
  actorKind: z.enum(['admin', 'host', 'manager']).default('admin'),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;

/** Contact inquiries in the admin console (issue 25 §15). */
export const INQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const ADMIN_INQUIRY_SORTS = ['createdAt', 'status', 'name'] as const;
export const adminInquiryQuerySchema = listQuery(ADMIN_INQUIRY_SORTS).extend({
  status: z.enum(INQUIRY_STATUSES).optional(),
});
export const adminInquiryRowSchema = z.object({
  id: z.number(),
  createdAt: when,
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  inquiry: z.string(),
  locale: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  handledBy: z.string().nullable(),
  handledAt: when.nullable(),
  mailedAt: when.nullable(),
  acknowledgedAt: when.nullable(),
});
export type AdminInquiryRow = z.infer<typeof adminInquiryRowSchema>;
/** PATCH admin/inquiries/{id}: where the operators are with it. */
export const adminInquiryUpdateSchema = z.object({ status: z.enum(INQUIRY_STATUSES) });
export const adminUploadRowSchema = z.object({
  source: z.string(),
  id: z.number(),
  name: z.string(),
  size: z.number(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  createdAt: when,
});
export type AdminUploadRow = z.infer<typeof adminUploadRowSchema>;

/** GET admin/dashboard: now, and the last 30 days (Japan dates). */
export const adminDashboardSchema = z.object({
  liveFloors: z.number(),
  peopleOnline: z.number(),
  users: z.number(),
  companies: z.number(),
  floors: z.number(),
  storageBytes: z.number(),
  signups: z.array(z.object({ date: z.string(), count: z.number() })),
  storage: z.array(z.object({ date: z.string(), bytes: z.number() })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
