import {
  allAttendancePermissions,
  ATTENDANCE_PERMISSIONS,
  DEFAULT_TIME_ZONE,
  formatMessage,
  noAttendancePermissions,
  type AttendancePermission,
  type AttendancePermissions,
  type Locale,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { ownCompanyId } from '../companies';
import type { User } from '../users/user.model';

/**
 * Who may see and change whose attendance (product spec §6). Everyone with a
 * team records, sees and exports their own; the six permissions open the
 * rest of the team; OWNER and ADMIN hold them all. Someone outside the team
 * (another company, or no such id) gets TEAM_MEMBER_NOT_FOUND and learns
 * nothing; a teammate without the permission gets ATTENDANCE_NO_PERMISSION.
 */
export class AttendanceAccess {
  constructor(private readonly models: Models) {}

  async permissionsOf(user: User): Promise<AttendancePermissions> {
    if (user.employeeRole === 'OWNER' || user.employeeRole === 'ADMIN') return allAttendancePermissions();
    const companyId = ownCompanyId(user);
    const row = await this.models.AttendancePermission.findOne({ where: { companyId, userId: user.id } });
    if (!row) return noAttendancePermissions();
    return Object.fromEntries(ATTENDANCE_PERMISSIONS.map((p) => [p, row[p]])) as AttendancePermissions;
  }

  async timeZoneOf(companyId: number): Promise<string> {
    const row = await this.models.AttendanceSetting.findByPk(companyId);
    return row?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /** Whether the company opted in to the presence timecard (off without a settings row). */
  async presenceTimecardOf(companyId: number): Promise<boolean> {
    const row = await this.models.AttendanceSetting.findByPk(companyId);
    return row?.presenceTimecard ?? false;
  }

  /** The caller's own team, or 404 TEAM_NOT_FOUND without one. */
  companyOf(user: User): number {
    return ownCompanyId(user);
  }

  /** A member of the caller's team by id (404 TEAM_MEMBER_NOT_FOUND otherwise). */
  async member(user: User, employeeId: number): Promise<User> {
    const companyId = ownCompanyId(user);
    if (employeeId === user.id) return user;
    const other = await this.models.User.findOne({ where: { id: employeeId, employmentCompanyId: companyId } });
    if (!other) throw new AppError('TEAM_MEMBER_NOT_FOUND');
    return other;
  }

  /** Throws 403 unless the caller holds `permission`. */
  async require(user: User, permission: AttendancePermission, locale: Locale): Promise<void> {
    const held = await this.permissionsOf(user);
    if (!held[permission]) {
      throw new AppError('ATTENDANCE_NO_PERMISSION', {
        values: { permission: formatMessage(locale, `attendance.permission.${permission}`) },
      });
    }
  }

  /**
   * The employee a call is about: the caller (no id, or their own), or a
   * teammate when the caller holds `permission`.
   */
  async target(user: User, employeeId: number | undefined, permission: AttendancePermission, locale: Locale) {
    ownCompanyId(user);
    if (employeeId === undefined || employeeId === user.id) return user;
    const other = await this.member(user, employeeId);
    await this.require(user, permission, locale);
    return other;
  }
}
