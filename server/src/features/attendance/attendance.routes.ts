import { Router, type RequestHandler } from 'express';
import {
  attendancePermissionsBodySchema,
  attendanceSettingsBodySchema,
  DEFAULT_TIME_ZONE,
  formatMessage,
  idParamsSchema,
  isValidTimeZone,
  shiftCreateSchema,
  shiftQuerySchema,
  shiftUpdateSchema,
  timeLogExportQuerySchema,
  timeLogRangeQuerySchema,
  timeLogRecordSchema,
  timeLogUpdateSchema,
} from '@tsudoi/common';
import { z } from 'zod';
import { mutation } from '../../http/answers';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { managedCompanyId } from '../companies';
import type { Models } from '../../db/models';
import type { AttendanceAccess } from './access';
import type { ShiftService } from './shifts.service';
import type { TimeLogService } from './time-logs.service';
import type { AttendanceExport } from './export';
import type { PlanGate } from '../plans';
import { toTimeLogDto } from './dto';
import { correctionsOf } from './corrections';

export interface AttendanceRouteDeps {
  models: Models;
  guards: Guards;
  access: AttendanceAccess;
  timeLogs: TimeLogService;
  shifts: ShiftService;
  exporter: AttendanceExport;
  /** Timecard and shifts are Business only (spec §1): every route asks the plans feature first. */
  plans: PlanGate;
}

const userParams = z.object({ userId: idParamsSchema.shape.id });

/** time-log/*, shifts/* (calls spec §7.7) and attendance/* (permissions, settings). */
export function attendanceRoutes({
  models,
  guards,
  access,
  timeLogs,
  shifts,
  exporter,
  plans,
}: AttendanceRouteDeps): Router {
  const router = Router();
  // signed in, then the team's plan: a Starter team gets 403 PLAN_FEATURE_REQUIRED and nothing changes
  const signedIn: RequestHandler[] = [...guards.verifiedUser, plans.route('attendance')];

  router.get(
    '/attendance/me',
    signedIn,
    route({}, async (_input, req) => {
      const user = accountOf(req);
      const companyId = access.companyOf(user);
      return {
        data: {
          userId: user.id,
          companyId,
          role: user.employeeRole ?? null,
          timeZone: await access.timeZoneOf(companyId),
          permissions: await access.permissionsOf(user),
          presenceTimecard: await access.presenceTimecardOf(companyId),
        },
      };
    }),
  );
  router.put(
    '/attendance/permissions/:userId',
    signedIn,
    route({ params: userParams, body: attendancePermissionsBodySchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const companyId = managedCompanyId(user);
      const member = await access.member(user, params.userId);
      const [row] = await models.AttendancePermission.findOrBuild({
        where: { companyId, userId: member.id },
        defaults: { companyId, userId: member.id, ...body },
      });
      row.set(body);
      await row.save();
      return mutation(
        { userId: member.id, permissions: await access.permissionsOf(member) },
        formatMessage(req.locale, 'attendance.permissions.updated', { name: member.name }),
      );
    }),
  );
  router.patch(
    '/attendance/settings',
    signedIn,
    route({ body: attendanceSettingsBodySchema }, async ({ body }, req) => {
      const companyId = managedCompanyId(accountOf(req));
      if (body.timeZone !== undefined && !isValidTimeZone(body.timeZone)) {
        throw new AppError('VALIDATION_FAILED', {
          fields: { timeZone: formatMessage(req.locale, 'attendance.validation.timeZone') },
        });
      }
      const [row] = await models.AttendanceSetting.findOrBuild({
        where: { companyId },
        defaults: { companyId, timeZone: DEFAULT_TIME_ZONE },
      });
      if (body.timeZone !== undefined) row.timeZone = body.timeZone;
      if (body.presenceTimecard !== undefined) row.presenceTimecard = body.presenceTimecard;
      await row.save();
      return mutation(
        { timeZone: row.timeZone, presenceTimecard: row.presenceTimecard },
        formatMessage(req.locale, 'attendance.settings.updated'),
      );
    }),
  );

  router.post(
    '/time-log/record',
    signedIn,
    route({ body: timeLogRecordSchema }, async ({ body }, req) => {
      const { dto, message } = await timeLogs.record(accountOf(req), body.action, body.employeeId, req.locale);
      return mutation(dto, message);
    }),
  );
  router.patch(
    '/time-log/:id',
    signedIn,
    route({ params: idParamsSchema, body: timeLogUpdateSchema }, async ({ params, body }, req) => {
      const log = await timeLogs.update(accountOf(req), params.id, body, req.locale);
      const correction = (await correctionsOf(models, [log.id])).get(log.id) ?? null;
      return mutation(toTimeLogDto(log, correction), formatMessage(req.locale, 'attendance.timeLog.updated'));
    }),
  );
  router.get(
    '/time-log/last-record',
    signedIn,
    route({}, async (_i, req) => ({ data: await timeLogs.lastRecord(accountOf(req)) })),
  );
  router.get(
    '/time-log/by-employee',
    signedIn,
    route({ query: timeLogRangeQuerySchema }, async ({ query }, req) => ({
      data: await timeLogs.byEmployee(accountOf(req), query, req.locale),
    })),
  );
  router.get(
    '/time-log/report',
    signedIn,
    route({ query: timeLogRangeQuerySchema }, async ({ query }, req) => ({
      data: await timeLogs.report(accountOf(req), query, req.locale),
    })),
  );
  router.get(
    '/time-log/team',
    signedIn,
    route({}, async (_i, req) => ({ data: await timeLogs.team(accountOf(req)) })),
  );
  router.get(
    '/time-log/export',
    signedIn,
    route({ query: timeLogExportQuerySchema }, async ({ query }, req, res) => {
      const file = await exporter.export(accountOf(req), query, req.locale);
      res.setHeader('Content-Type', file.type);
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      res.setHeader('Cache-Control', 'no-store');
      res.end(file.bytes);
    }),
  );

  router.get(
    '/shifts/by-employee',
    signedIn,
    route({ query: shiftQuerySchema }, async ({ query }, req) => ({
      data: await shifts.byEmployee(accountOf(req), query, req.locale),
    })),
  );
  router.get(
    '/shifts',
    signedIn,
    route({ query: shiftQuerySchema }, async ({ query }, req) => ({ data: await shifts.team(accountOf(req), query) })),
  );
  router.post(
    '/shifts',
    signedIn,
    route({ body: shiftCreateSchema }, async ({ body }, req, res) => {
      const created = await shifts.create(accountOf(req), body, req.locale);
      res.status(201);
      return mutation(created, formatMessage(req.locale, 'attendance.shift.created', { count: created.length }));
    }),
  );
  router.patch(
    '/shifts/:id',
    signedIn,
    route({ params: idParamsSchema, body: shiftUpdateSchema }, async ({ params, body }, req) =>
      mutation(
        await shifts.update(accountOf(req), params.id, body, req.locale),
        formatMessage(req.locale, 'attendance.shift.updated'),
      ),
    ),
  );
  router.delete(
    '/shifts/:id',
    signedIn,
    route({ params: idParamsSchema }, async ({ params }, req) =>
      mutation(
        await shifts.remove(accountOf(req), params.id, req.locale),
        formatMessage(req.locale, 'attendance.shift.deleted'),
      ),
    ),
  );
  return router;
}
