import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { Company } from './company.model';
import { lockCompany, managedCompanyId, transact } from './membership';

export interface RemovedMember {
  member: User;
  company: Company;
}

/**
 * DELETE /company/{id}/members/{userId}: the team's OWNER removes any other
 * member; an ADMIN removes plain members (EMPLOYEE). The owner cannot be
 * removed (TEAM_OWNER_FIXED) and nobody removes themselves this way
 * (FORBIDDEN); someone who is not a member of the caller's team is
 * TEAM_MEMBER_NOT_FOUND. The member leaves the team (no team, no role) and
 * their EMPLOYEE places on the team's floors go with it; their seat frees.
 * The caller then ends their open sockets (features/index).
 */
export async function removeMember(
  models: Models,
  actor: User,
  companyId: number,
  memberId: number,
): Promise<RemovedMember> {
  const own = managedCompanyId(actor, companyId);
  return transact(models, async (transaction) => {
    const company = await lockCompany(models, own, transaction);
    const member = await models.User.findOne({
      where: { id: memberId, employmentCompanyId: own, type: 'user' },
      transaction,
    });
    if (!member) throw new AppError('TEAM_MEMBER_NOT_FOUND');
    if (member.id === company.ownerId || member.employeeRole === 'OWNER') throw new AppError('TEAM_OWNER_FIXED');
    if (member.id === actor.id) throw new AppError('FORBIDDEN');
    if (member.employeeRole === 'ADMIN' && actor.employeeRole !== 'OWNER') throw new AppError('FORBIDDEN');
    await member.update({ employmentCompanyId: null, employeeRole: null }, { transaction });
    const floors = await models.Floor.findAll({ where: { companyId: own }, attributes: ['id'], transaction });
    await models.FloorParticipant.destroy({
      where: {
        floorId: { [Op.in]: floors.map((f) => f.id) },
        type: 'EMPLOYEE',
        [Op.or]: [{ userId: member.id }, { email: member.email }],
      },
      transaction,
    });
    return { member, company };
  });
}
