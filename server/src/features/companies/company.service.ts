import { PLANS, type CompanyDto } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { Company } from './company.model';
import { toCompanyDto } from './company.dto';
import { managedCompanyId, ownCompanyId, seatsTaken, transact } from './membership';
import { removeMember, type RemovedMember } from './member-removal';

/** Teams: registration by a user without one, detail for members, edits by its OWNER or ADMINs. */
export class CompanyService {
  private readonly removedListeners: ((removed: RemovedMember) => Promise<unknown>)[] = [];
  constructor(private readonly models: Models) {}

  /** Called after a member is removed from a team (their open sockets end, their places on its floors go). */
  onMemberRemoved(listener: (removed: RemovedMember) => Promise<unknown>): void {
    this.removedListeners.push(listener);
  }

  /** The OWNER or an ADMIN removes a member (member-removal.ts); answers the former member. */
  async removeMember(actor: User, companyId: number, memberId: number): Promise<User> {
    const removed = await removeMember(this.models, actor, companyId, memberId);
    for (const listener of this.removedListeners) await listener(removed);
    return removed.member;
  }

  /** The user becomes the OWNER of a new starter team. */
  async register(user: User, name: string): Promise<CompanyDto> {
    if (user.employmentCompanyId || user.companyId) throw new AppError('ALREADY_JOINED_COMPANY');
    const { Company, User } = this.models;
    const company = await transact(this.models, async (transaction) => {
      const created = await Company.create(
        { name, ownerId: user.id, plan: 'starter', maxEmployee: PLANS.starter.maxEmployee },
        { transaction },
      );
      const [changed] = await User.update(
        { companyId: created.id, employmentCompanyId: created.id, employeeRole: 'OWNER' },
        { where: { id: user.id, employmentCompanyId: null, companyId: null }, transaction },
      );
      if (changed === 0) throw new AppError('ALREADY_JOINED_COMPANY'); // joined one meanwhile: roll back
      return created;
    });
    return this.dto(company);
  }

  async detail(user: User, id: number): Promise<CompanyDto> {
    return this.dto(await this.find(ownCompanyId(user, id)));
  }

  async rename(user: User, id: number, name: string): Promise<CompanyDto> {
    const company = await this.find(managedCompanyId(user, id));
    await company.update({ name });
    return this.dto(company);
  }

  /** A live team the caller may manage (for routes that check before reading a body). */
  async managed(user: User, id: number): Promise<Company> {
    return this.find(managedCompanyId(user, id));
  }

  async dto(company: Company): Promise<CompanyDto> {
    return toCompanyDto(company, await seatsTaken(this.models, company.id));
  }

  private async find(id: number): Promise<Company> {
    const company = await this.models.Company.findByPk(id);
    if (!company) throw new AppError('TEAM_NOT_FOUND');
    return company;
  }
}
