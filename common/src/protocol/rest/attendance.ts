import { z } from 'zod';
import { safeDisplayText, safeMultilineText } from '../safe-text';
import {
  ATTENDANCE_ACTIONS,
  ATTENDANCE_PERMISSIONS,
  ATTENDANCE_STATUSES,
  MAX_REPEAT_WEEKS,
  MAX_SHIFT_BREAKS,
  SHIFT_TITLE_MAX,
  TIME_LOG_RANGES,
  type AttendancePermission,
} from '../../domain/attendance';
import { EMPLOYEE_ROLES } from '../../domain/accounts';

/*
 * Attendance, shifts and time logs (calls spec §7.7; issue 18). Instants are
 * ISO strings; dates and wall-clock times are in the company's time zone
 * ('YYYY-MM-DD', 'HH:mm'). Rule checks that need the zone (shift rules,
 * custom ranges) are made by the server with messages under
 * `attendance.validation.`.
 */
const id = z.number().int().positive();
const idQuery = z.coerce.number().int().positive();
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'attendance.validation.invalidDate');
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'attendance.validation.invalidTime');

export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
export const attendanceActionSchema = z.enum(ATTENDANCE_ACTIONS);
export const attendancePermissionsSchema = z.object(
  Object.fromEntries(ATTENDANCE_PERMISSIONS.map((p) => [p, z.boolean()])) as Record<AttendancePermission, z.ZodBoolean>,
);

export const timeLogSchema = z.object({
  id,
  userId: id,
  status: attendanceStatusSchema,
  checkInAt: z.string(),
  checkOutAt: z.string().nullable(),
  breaks: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
  edited: z.boolean(),
  /**
   * Its last correction (issue 25 §14): why, by whom and when, and the record
   * as it was first written (the original); null when never corrected.
   */
  correction: z
    .object({
      reason: z.string(),
      by: z.string(),
      at: z.string(),
      original: z.object({
        checkInAt: z.string(),
        checkOutAt: z.string().nullable(),
        breaks: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
      }),
    })
    .nullable()
    .default(null),
});
export type TimeLogDto = z.infer<typeof timeLogSchema>;

/** The longest reason of a correction. */
export const CORRECTION_REASON_MAX = 500;

/** POST time-log/record: an action for oneself, or for `employeeId` (permission manageOthers). */
export const timeLogRecordSchema = z.object({ action: attendanceActionSchema, employeeId: id.optional() });
export type TimeLogRecordBody = z.input<typeof timeLogRecordSchema>;

/**
 * PATCH time-log/{id}: correct a record (permission editAllAttendance, for anyone of the team,
 * oneself included). Wall-clock times in the company zone; see domain/attendance/time-log-rules.ts.
 */
export const timeLogUpdateSchema = z.object({
  /** Why the record is corrected: required, shown to the employee, in the PDF and the CSV, and audited. */
  reason: safeMultilineText({
    max: CORRECTION_REASON_MAX,
    required: 'correctionReasonRequired',
    tooLong: 'correctionReasonTooLong',
    invalidType: 'correctionReasonRequired',
  }),
  date: localDate,
  checkInTime: localTime,
  checkOutTime: localTime.nullable(),
  breaks: z
    .array(z.object({ start: localTime, end: localTime.nullable() }))
    .max(MAX_SHIFT_BREAKS)
    .default([]),
});
export type TimeLogUpdateBody = z.input<typeof timeLogUpdateSchema>;

/** GET time-log/last-record (and the answer of a record): the status now and the buttons to enable. */
export const lastRecordSchema = z.object({
  status: attendanceStatusSchema.nullable(),
  record: timeLogSchema.nullable(),
  allowed: z.array(attendanceActionSchema),
});
export type LastRecordDto = z.infer<typeof lastRecordSchema>;

/** GET time-log/by-employee and time-log/report: one employee (default: oneself) over a range. */
export const timeLogRangeQuerySchema = z.object({
  employeeId: idQuery.optional(),
  range: z.enum(TIME_LOG_RANGES).default('1w'),
  start: localDate.optional(),
  end: localDate.optional(),
});
/** The query as a client builds it (the schema coerces strings). */
export interface TimeLogRangeQuery {
  employeeId?: number;
  range?: (typeof TIME_LOG_RANGES)[number];
  start?: string;
  end?: string;
}

export const reportRowSchema = z.object({
  date: z.string(),
  shiftId: id.nullable(),
  shiftStart: z.string().nullable(),
  shiftEnd: z.string().nullable(),
  scheduledMin: z.number().int(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  open: z.boolean(),
  breakMin: z.number().int(),
  workedMin: z.number().int(),
  lateMin: z.number().int(),
  earlyLeaveMin: z.number().int(),
  absent: z.boolean(),
  recordIds: z.array(id),
  /** The reasons of the corrections of this day's records (empty: none was corrected). */
  corrections: z.array(z.object({ reason: z.string(), by: z.string(), at: z.string() })).default([]),
});
export type ReportRowDto = z.infer<typeof reportRowSchema>;
const count = z.number().int();
export const reportTotalsSchema = z.object({
  days: count,
  scheduledMin: count,
  workedMin: count,
  breakMin: count,
  lateCount: count,
  lateMin: count,
  earlyLeaveCount: count,
  earlyLeaveMin: count,
  absenceCount: count,
});
export const attendanceReportSchema = z.object({
  employee: z.object({ id, name: z.string() }),
  timeZone: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.array(reportRowSchema),
  totals: reportTotalsSchema,
});
export type AttendanceReportDto = z.infer<typeof attendanceReportSchema>;

export const shiftSchema = z.object({
  id,
  userId: id,
  title: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  breaks: z.array(z.object({ start: z.string(), end: z.string() })),
  seriesId: z.string().nullable(),
});
export type ShiftDto = z.infer<typeof shiftSchema>;

const shiftFields = {
  title: safeDisplayText({ max: SHIFT_TITLE_MAX, tooLong: 'shiftTitleTooLong' }).nullish(),
  date: localDate,
  startTime: localTime,
  /** The end's date; absent: the start date, or the next day when the end time is earlier (a night shift). */
  endDate: localDate.optional(),
  endTime: localTime,
  /** Breaks by wall-clock time; each is placed at its first occurrence after the shift starts. */
  breaks: z
    .array(z.object({ start: localTime, end: localTime }))
    .max(MAX_SHIFT_BREAKS)
    .default([]),
};
/** POST shifts: the same shift for one or many employees, repeated weekly `repeatWeeks` more times. */
export const shiftCreateSchema = z.object({
  ...shiftFields,
  employeeIds: z.array(id).min(1, 'attendance.validation.employeesRequired').max(100),
  repeatWeeks: z.number().int().min(0).max(MAX_REPEAT_WEEKS).default(0),
});
export type ShiftCreateBody = z.input<typeof shiftCreateSchema>;
/** PATCH shifts/{id}. */
export const shiftUpdateSchema = z.object(shiftFields);
export type ShiftUpdateBody = z.input<typeof shiftUpdateSchema>;

/** GET shifts/by-employee (one employee, default oneself) and GET shifts (the team's, by permission). */
export const shiftQuerySchema = z.object({ employeeId: idQuery.optional(), start: localDate, end: localDate });
export type ShiftQuery = z.input<typeof shiftQuerySchema>;

/** GET attendance/me: what the caller may do and the company's zone. */
export const attendanceMeSchema = z.object({
  userId: id,
  companyId: id,
  role: z.enum(EMPLOYEE_ROLES).nullable(),
  timeZone: z.string(),
  permissions: attendancePermissionsSchema,
  /** The company opted in to the presence timecard (suggestions from the floor and the desktop's idle state). */
  presenceTimecard: z.boolean(),
});
export type AttendanceMeDto = z.infer<typeof attendanceMeSchema>;

/** GET time-log/team: everyone of the team with their status now (shown to the whole team). */
export const teamStatusSchema = z.object({
  userId: id,
  name: z.string(),
  avatarImageUrl: z.string().nullable(),
  role: z.enum(EMPLOYEE_ROLES).nullable(),
  status: attendanceStatusSchema.nullable(),
  since: z.string().nullable(),
  permissions: attendancePermissionsSchema,
});
export type TeamStatusDto = z.infer<typeof teamStatusSchema>;

/** PUT attendance/permissions/{userId} (OWNER or ADMIN). */
export const attendancePermissionsBodySchema = attendancePermissionsSchema;
/** PATCH attendance/settings (OWNER or ADMIN). */
export const attendanceSettingsBodySchema = z
  .object({ timeZone: z.string().min(1).max(64).optional(), presenceTimecard: z.boolean().optional() })
  .refine((b) => b.timeZone !== undefined || b.presenceTimecard !== undefined, {
    message: 'required',
    path: ['timeZone'],
  });
export const attendanceSettingsAnswerSchema = z.object({ timeZone: z.string(), presenceTimecard: z.boolean() });

/** GET time-log/export: one employee's or (employeeId absent, `team`) everyone's month as PDF or CSV. */
export const timeLogExportQuerySchema = z.object({
  employeeId: idQuery.optional(),
  team: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'attendance.validation.invalidDate'),
  format: z.enum(['pdf', 'csv']).default('pdf'),
});
export type TimeLogExportQuery = z.input<typeof timeLogExportQuerySchema>;

/** Server → team: someone's status changed (socket `attendance:statusChanged`). */
export const attendanceStatusChangedSchema = z.object({
  userId: id,
  status: attendanceStatusSchema.nullable(),
  since: z.string().nullable(),
});
export type AttendanceStatusChanged = z.infer<typeof attendanceStatusChangedSchema>;

/**
 * Server → one person: the presence timecard suggests an action (socket `attendance:suggestion`).
 * Nothing is recorded until they confirm it (POST time-log/record); nothing is stored about it.
 */
export const attendanceSuggestionSchema = z.object({
  action: attendanceActionSchema,
  reason: z.enum(['floorEntered', 'floorLeft', 'away', 'back']),
  at: z.string(),
});
export type AttendanceSuggestion = z.infer<typeof attendanceSuggestionSchema>;

/** List answers (the UIs parse with these; they do not import zod themselves). */
export const teamStatusListSchema = z.array(teamStatusSchema);
export const shiftListSchema = z.array(shiftSchema);
export const attendancePermissionsAnswerSchema = z.object({ userId: id, permissions: attendancePermissionsSchema });
