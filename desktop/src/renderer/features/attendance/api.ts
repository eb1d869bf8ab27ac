import {
  attendanceMeSchema,
  attendanceSettingsAnswerSchema,
  attendanceReportSchema,
  detailSchema,
  lastRecordSchema,
  mutationSchema,
  attendancePermissionsAnswerSchema,
  shiftListSchema,
  shiftSchema,
  teamStatusListSchema,
  timeLogSchema,
  type TimeLogUpdateBody,
  type AttendanceAction,
  type AttendancePermissions,
  type ShiftCreateBody,
  type ShiftUpdateBody,
  type TimeLogRangeQuery,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

/** REST of attendance (calls spec §7.7): time-log/*, shifts/*, attendance/*. */
const qs = (query: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const fetchMe = async (api: ApiClient) =>
  detailSchema(attendanceMeSchema).parse(await api.get('/attendance/me')).data;
export const fetchLast = async (api: ApiClient) =>
  detailSchema(lastRecordSchema).parse(await api.get('/time-log/last-record')).data;
export const fetchTeam = async (api: ApiClient) =>
  detailSchema(teamStatusListSchema).parse(await api.get('/time-log/team')).data;
export const postRecord = async (api: ApiClient, action: AttendanceAction, employeeId?: number) =>
  mutationSchema(lastRecordSchema).parse(await api.post('/time-log/record', { action, employeeId }));
export const fetchReport = async (api: ApiClient, query: TimeLogRangeQuery) =>
  detailSchema(attendanceReportSchema).parse(await api.get(`/time-log/report?${qs({ ...query })}`)).data;
export const fetchShifts = async (api: ApiClient, start: string, end: string) =>
  detailSchema(shiftListSchema).parse(await api.get(`/shifts?${qs({ start, end })}`)).data;
/** One person's shifts (yours, or anyone's with seeAllShifts; the server refuses others). */
export const fetchShiftsOf = async (api: ApiClient, employeeId: number, start: string, end: string) =>
  detailSchema(shiftListSchema).parse(await api.get(`/shifts/by-employee?${qs({ employeeId, start, end })}`)).data;
export const createShifts = async (api: ApiClient, body: ShiftCreateBody) =>
  mutationSchema(shiftListSchema).parse(await api.post('/shifts', body));
export const updateShift = async (api: ApiClient, id: number, body: ShiftUpdateBody) =>
  mutationSchema(shiftSchema).parse(await api.patch(`/shifts/${id}`, body));
export const deleteShift = async (api: ApiClient, id: number) =>
  mutationSchema(shiftSchema).parse(await api.delete(`/shifts/${id}`));
export const putPermissions = async (api: ApiClient, userId: number, permissions: AttendancePermissions) =>
  mutationSchema(attendancePermissionsAnswerSchema).parse(
    await api.request('PUT', `/attendance/permissions/${userId}`, permissions),
  );
export const patchSettings = async (api: ApiClient, body: { timeZone?: string; presenceTimecard?: boolean }) =>
  mutationSchema(attendanceSettingsAnswerSchema).parse(await api.patch('/attendance/settings', body));
export const exportPath = (q: { employeeId?: number; team?: boolean; month: string; format: 'pdf' | 'csv' }) =>
  `/time-log/export?${qs(q)}`;
export const fetchLogs = async (api: ApiClient, query: TimeLogRangeQuery) =>
  detailSchema(timeLogSchema.array()).parse(await api.get(`/time-log/by-employee?${qs({ ...query })}`)).data;
export const patchTimeLog = async (api: ApiClient, id: number, body: TimeLogUpdateBody) =>
  mutationSchema(timeLogSchema).parse(await api.patch(`/time-log/${id}`, body));
