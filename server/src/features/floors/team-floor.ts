import { Op } from 'sequelize';
import {
  formatMessage,
  type BulkFloorBody,
  type ExistedEmployeeAnswer,
  type Locale,
  type TeamMember,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import { ownCompanyId } from '../companies/membership';
import { manageFloor } from './floor-access';
import type { ParticipantService } from './participant.service';

const member = (u: User): TeamMember => ({ id: u.id, name: u.name, email: u.email });

/**
 * Company employees and floors (calls spec §7.8): existed-employee,
 * check-employee and bulk-floor. Only the caller's own team is looked at: an
 * address of another team reads as "not a member", so nothing leaks.
 */
export class TeamFloorService {
  constructor(
    private readonly models: Models,
    private readonly participants: ParticipantService,
  ) {}

  private teamMembers(companyId: number, emails?: string[]) {
    return this.models.User.findAll({
      where: { employmentCompanyId: companyId, ...(emails ? { email: { [Op.in]: emails } } : {}) },
      order: [['id', 'ASC']],
    });
  }

  async existed(user: User, email: string): Promise<ExistedEmployeeAnswer> {
    const [found] = await this.teamMembers(ownCompanyId(user), [email]);
    return { email, existed: !!found, employee: found ? member(found) : null };
  }

  /** Every address a member of the caller's team, or VALIDATION_FAILED naming each that is not (`emails.<i>`). */
  async check(user: User, emails: string[], locale: Locale): Promise<TeamMember[]> {
    const companyId = ownCompanyId(user);
    if (emails.length === 0) throw new AppError('EMPTY_INVITATION_LIST');
    const found = new Map((await this.teamMembers(companyId, emails)).map((u) => [u.email, u]));
    const fields: Record<string, string> = {};
    emails.forEach((email, i) => {
      if (!found.has(email)) fields[`emails.${i}`] = formatMessage(locale, 'validation.notTeamMember', { email });
    });
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { fields });
    return emails.map((email) => member(found.get(email)!));
  }

  /**
   * Invites every member of the floor's team who is not on it yet (not the
   * host, not the caller) with the given flags, by the participant
   * invitation (mails included). The caller manages the floor and belongs to
   * its team (another team: TEAM_NOT_FOUND); nobody left is EMPTY_INVITATION_LIST.
   */
  async bulkFloor(user: User, body: BulkFloorBody, locale: Locale) {
    const { floor } = await manageFloor(this.models, user, body.floorId);
    ownCompanyId(user, floor.companyId);
    const onFloor = new Set(
      (await this.models.FloorParticipant.findAll({ where: { floorId: floor.id }, attributes: ['email'] })).map(
        (p) => p.email,
      ),
    );
    const emails = (await this.teamMembers(floor.companyId))
      .filter((u) => u.id !== user.id && u.id !== floor.hostId && u.verifiedAt != null && !onFloor.has(u.email))
      .map((u) => u.email);
    if (emails.length === 0) throw new AppError('EMPTY_INVITATION_LIST');
    return this.participants.register(
      user,
      { floorId: floor.id, participants: emails.map((email) => ({ email, permissions: body.permissions ?? {} })) },
      locale,
    );
  }
}
