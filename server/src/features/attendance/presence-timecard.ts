import { planIncludes, type AttendanceAction, type AttendanceSuggestion } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { PlaceChange } from '../floors/live/presence-batcher';
import type { AttendanceAccess } from './access';
import type { TimeLogService } from './time-logs.service';

export interface PresenceTimecardDeps {
  models: Models;
  access: AttendanceAccess;
  timeLogs: TimeLogService;
  clock: Clock;
  logger: Logger;
  /** Sends a suggestion to the person's own sockets only. */
  tell(userId: number, suggestion: AttendanceSuggestion): void;
  /** How long someone must stay off every floor before check-out is suggested (a reload is not leaving). */
  leaveGraceMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The presence timecard (issue 18, opt-in per company): the first entry to a
 * floor suggests check-in, leaving the last floor (for longer than a reload)
 * suggests check-out — to the person alone, only when their status allows
 * it, their team is on a plan with the timecard and their company turned it
 * on. Nothing is stored: a suggestion becomes a record only when the person
 * confirms it through the ordinary POST time-log/record. Which floors someone
 * is on is kept in this process's memory from the live floor's place changes.
 */
export class PresenceTimecard {
  private readonly floors = new Map<number, Set<number>>();
  /** A company's "timecard on?" read in flight, shared by those who enter meanwhile (a storm brings a team back at once). */
  private readonly companies = new Map<number, Promise<boolean>>();
  private readonly leaving = new Map<number, unknown>();
  private readonly grace: number;

  constructor(private readonly deps: PresenceTimecardDeps) {
    this.grace = deps.leaveGraceMs ?? 60_000;
  }

  /** A place change of the live floor (live.watchPlaces). */
  placeChanged(change: PlaceChange): void {
    if (change.userId === undefined) {
      // a floor closed: everyone on it left it
      for (const [userId, on] of this.floors) if (on.delete(change.floorId)) this.after(userId, true);
      return;
    }
    const on = this.floors.get(change.userId) ?? new Set<number>();
    const before = on.size > 0;
    if (change.connected) on.add(change.floorId);
    else on.delete(change.floorId);
    this.floors.set(change.userId, on);
    if (!before && on.size > 0) this.entered(change.userId);
    else if (before && on.size === 0) this.after(change.userId, true);
  }

  private entered(userId: number): void {
    const pending = this.leaving.get(userId);
    if (pending !== undefined) {
      // back before the grace ran out: not a leave, and not a new arrival either
      (this.deps.clearTimer ?? clearTimeout)(pending as NodeJS.Timeout);
      this.leaving.delete(userId);
      return;
    }
    void this.suggest(userId, 'checkIn', 'floorEntered');
  }

  private after(userId: number, left: boolean): void {
    if (!left || this.leaving.has(userId)) return;
    const timer = (this.deps.setTimer ?? setTimeout)(() => {
      this.leaving.delete(userId);
      if ((this.floors.get(userId)?.size ?? 0) === 0) {
        this.floors.delete(userId);
        void this.suggest(userId, 'checkOut', 'floorLeft');
      }
    }, this.grace);
    (timer as { unref?(): void }).unref?.();
    this.leaving.set(userId, timer);
  }

  /** Sends the suggestion when the company opted in, its plan has the timecard and the status allows the action. */
  async suggest(userId: number, action: AttendanceAction, reason: AttendanceSuggestion['reason']): Promise<boolean> {
    const { models, timeLogs, clock } = this.deps;
    try {
      const member = await models.User.findByPk(userId, { attributes: ['id', 'employmentCompanyId'] });
      const companyId = member?.employmentCompanyId;
      if (!companyId || !(await this.timecardOn(companyId))) return false;
      const user = await models.User.findByPk(userId);
      if (!user) return false;
      const last = await timeLogs.lastRecord(user);
      if (!last.allowed.includes(action)) return false;
      this.deps.tell(userId, { action, reason, at: clock.now().toISOString() });
      return true;
    } catch (err) {
      this.deps.logger.warn({ err }, 'presence timecard suggestion not sent');
      return false;
    }
  }

  /** The company's plan has the timecard and it turned it on (one read at a time per company). */
  private timecardOn(companyId: number): Promise<boolean> {
    const running = this.companies.get(companyId);
    if (running) return running;
    const { models, access } = this.deps;
    const on = (async () => {
      const company = await models.Company.findByPk(companyId, { attributes: ['id', 'plan'] });
      if (!company || !planIncludes(company.plan, 'attendance')) return false;
      return access.presenceTimecardOf(companyId);
    })().finally(() => this.companies.delete(companyId));
    this.companies.set(companyId, on);
    return on;
  }
}
