import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { IoServer } from '../../realtime/types';
import type { Guards } from '../auth/guards';
import { accountChannel } from '../sessions/sessions';
import { AttendanceAccess } from './access';
import { attendanceRoutes } from './attendance.routes';
import { AttendanceExport } from './export';
import type { PlanGate } from '../plans';
import { PresenceTimecard } from './presence-timecard';
import { ShiftService } from './shifts.service';
import { sinceOf, TimeLogService } from './time-logs.service';

export interface AttendanceDeps {
  models: Models;
  guards: Guards;
  clock: Clock;
  logger: Logger;
  plans: PlanGate;
  /** The presence timecard's wait before a leave counts (default a minute; tests shorten it). */
  leaveGraceMs?: number;
}

/**
 * Attendance, shifts and time logs (issue 18): REST routes, and the team
 * fan-out of status changes (`attendance:statusChanged` to every socket of
 * every member, through the adapter when scaled out).
 */
export function createAttendance({ models, guards, clock, logger, plans, leaveGraceMs }: AttendanceDeps) {
  const access = new AttendanceAccess(models);
  const timeLogs = new TimeLogService(models, access, clock);
  const shifts = new ShiftService(models, access);
  const exporter = new AttendanceExport(models, access, timeLogs, clock);
  let io: IoServer | undefined;
  timeLogs.onStatusChanged(({ companyId, userId, log }) => {
    if (!io) return;
    const server = io;
    models.User.findAll({ where: { employmentCompanyId: companyId }, attributes: ['id'] })
      .then((members) => {
        if (members.length === 0) return;
        server
          .to(members.map((m) => accountChannel(m.id)))
          .emit('attendance:statusChanged', { userId, status: log.status, since: sinceOf(log) });
      })
      .catch((err: unknown) => logger.warn({ err }, 'attendance status not sent to the team'));
  });
  const presence = new PresenceTimecard({
    models,
    access,
    timeLogs,
    clock,
    logger,
    leaveGraceMs,
    tell: (userId, suggestion) => io?.to(accountChannel(userId)).emit('attendance:suggestion', suggestion),
  });
  return {
    /** The presence timecard: the live floor's place changes (wired in features/index.ts). */
    presence,
    router: attendanceRoutes({ models, guards, access, timeLogs, shifts, exporter, plans }),
    access,
    timeLogs,
    shifts,
    attach(server: IoServer) {
      io = server;
    },
  };
}
export type Attendance = ReturnType<typeof createAttendance>;
