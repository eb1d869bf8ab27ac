import { UniqueConstraintError } from 'sequelize';
import { PLANS, type Locale } from '@tsudoi/common';
import type { z } from 'zod';
import type {
  adminAdminUpdateSchema,
  adminCompanyUpdateSchema,
  adminFloorUpdateSchema,
  adminRegisterSchema,
  adminUserUpdateSchema,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../auth/password';
import type { TokenService } from '../auth/tokens.service';
import { transact } from '../companies';
import type { FloorService, ParticipantService } from '../floors';
import type { User } from '../users';
import { snapshot, type AuditLog } from './audit';

type UserUpdate = z.output<typeof adminUserUpdateSchema>;
type AdminRegister = z.output<typeof adminRegisterSchema>;
type AdminUpdate = z.output<typeof adminAdminUpdateSchema>;
type CompanyUpdate = z.output<typeof adminCompanyUpdateSchema>;
type FloorUpdate = z.output<typeof adminFloorUpdateSchema>;

export interface AdminActionDeps {
  models: Models;
  audit: AuditLog;
  tokens: TokenService;
  floors: FloorService;
  participants: ParticipantService;
}

const taken = (error: unknown) => error instanceof UniqueConstraintError;

/** The platform admin's changes: each checked, done, then written to the audit log with before and after. */
export class AdminActions {
  constructor(private readonly deps: AdminActionDeps) {}

  private async findUser(id: number, type: 'user' | 'admin'): Promise<User> {
    const user = await this.deps.models.User.findOne({ where: { id, type }, paranoid: type === 'admin' });
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

  async updateUser(admin: User, id: number, body: UserUpdate): Promise<User> {
    const user = await this.findUser(id, 'user');
    const before = snapshot(user);
    const { verified, ...fields } = body;
    try {
      await user.update({
        ...fields,
        ...(fields.email ? { email: fields.email.trim().toLowerCase() } : {}),
        ...(verified === undefined ? {} : { verifiedAt: verified ? (user.verifiedAt ?? new Date()) : null }),
      });
    } catch (error) {
      if (taken(error)) throw new AppError('EMAIL_ALREADY_EXISTS');
      throw error;
    }
    await this.deps.audit.record({
      admin,
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before,
      after: snapshot(user),
    });
    return user;
  }

  async registerAdmin(admin: User, body: AdminRegister): Promise<User> {
    try {
      const created = await this.deps.models.User.create({
        name: body.name,
        email: body.email.trim().toLowerCase(),
        passwordHash: await hashPassword(body.password),
        verifiedAt: new Date(),
        type: 'admin',
      });
      await this.deps.audit.record({
        admin,
        action: 'admin.register',
        targetType: 'admin',
        targetId: created.id,
        after: snapshot(created),
      });
      return created;
    } catch (error) {
      if (taken(error)) throw new AppError('EMAIL_ALREADY_EXISTS');
      throw error;
    }
  }

  async updateAdmin(admin: User, id: number, body: AdminUpdate): Promise<User> {
    const target = await this.findUser(id, 'admin');
    const before = snapshot(target);
    try {
      await target.update({
        ...(body.name ? { name: body.name } : {}),
        ...(body.email ? { email: body.email.trim().toLowerCase() } : {}),
        ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
      });
    } catch (error) {
      if (taken(error)) throw new AppError('EMAIL_ALREADY_EXISTS');
      throw error;
    }
    // a new password ends the target's other sign-ins
    if (body.password && target.id !== admin.id) await this.deps.tokens.revokeAll(target.id);
    const after = { ...snapshot(target), ...(body.password ? { passwordChanged: true } : {}) };
    await this.deps.audit.record({ admin, action: 'admin.update', targetType: 'admin', targetId: id, before, after });
    return target;
  }

  /** Never oneself, never the last admin: counted under a write lock so two admins cannot remove each other at once. */
  async deleteAdmin(admin: User, id: number): Promise<User> {
    if (admin.id === id) throw new AppError('ADMIN_CANNOT_DELETE_SELF');
    const { models } = this.deps;
    const target = await transact(models, async (transaction) => {
      // every admin row in one locking read, in id order: two of these
      // transactions lock in the same order and queue (locking the target
      // first and then the rest deadlocked on MariaDB when two admins removed
      // each other at once); the one that waits reads the rows as committed
      const admins = await models.User.findAll({
        where: { type: 'admin' },
        order: [['id', 'ASC']],
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      const row = admins.find((a) => a.id === id);
      if (!row) throw new AppError('NOT_FOUND');
      if (admins.length <= 1) throw new AppError('ADMIN_LAST_ONE');
      await models.RefreshToken.destroy({ where: { userId: id }, transaction });
      await models.OneTimeToken.destroy({ where: { userId: id }, transaction });
      await row.destroy({ force: true, transaction });
      return row;
    });
    await this.deps.audit.record({
      admin,
      action: 'admin.delete',
      targetType: 'admin',
      targetId: id,
      before: snapshot(target),
    });
    return target;
  }

  /** Plan and member limit: a new plan without a limit takes the plan's own. */
  async updateCompany(admin: User, id: number, body: CompanyUpdate) {
    const company = await this.deps.models.Company.findByPk(id);
    if (!company) throw new AppError('TEAM_NOT_FOUND');
    const before = snapshot(company);
    const maxEmployee =
      body.maxEmployee ?? (body.plan && body.plan !== company.plan ? PLANS[body.plan].maxEmployee : undefined);
    await company.update({ ...body, ...(maxEmployee === undefined ? {} : { maxEmployee }) });
    await this.deps.audit.record({
      admin,
      action: 'company.update',
      targetType: 'company',
      targetId: id,
      before,
      after: snapshot(company),
    });
    return company;
  }

  /** Only an empty team goes (no members, no floors): people's accounts and floors are never removed as a side effect. */
  async deleteCompany(admin: User, id: number) {
    const { models } = this.deps;
    const company = await transact(models, async (transaction) => {
      const row = await models.Company.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw new AppError('TEAM_NOT_FOUND');
      const [members, floors] = await Promise.all([
        models.User.count({ where: { employmentCompanyId: id, type: 'user' }, transaction }),
        models.Floor.count({ where: { companyId: id }, transaction }),
      ]);
      if (members > 0 || floors > 0) throw new AppError('COMPANY_NOT_EMPTY');
      await models.EmployeeInvitation.destroy({ where: { companyId: id }, transaction });
      await row.destroy({ transaction });
      return row;
    });
    await this.deps.audit.record({
      admin,
      action: 'company.delete',
      targetType: 'company',
      targetId: id,
      before: snapshot(company),
    });
    return company;
  }

  async updateFloor(admin: User, id: number, body: FloorUpdate) {
    const found = await this.deps.models.Floor.findByPk(id);
    const before = snapshot(found);
    const floor = await this.deps.floors.operatorUpdate(id, body);
    await this.deps.audit.record({
      admin,
      action: 'floor.update',
      targetType: 'floor',
      targetId: id,
      before,
      after: snapshot(floor),
    });
    return floor;
  }

  async deleteFloor(admin: User, id: number) {
    const floor = await this.deps.floors.operatorRemove(id);
    await this.deps.audit.record({
      admin,
      action: 'floor.delete',
      targetType: 'floor',
      targetId: id,
      before: snapshot(floor),
    });
    return floor;
  }

  async deleteParticipant(admin: User, id: number) {
    const row = await this.deps.participants.operatorRemove(id);
    await this.deps.audit.record({
      admin,
      action: 'participant.delete',
      targetType: 'participant',
      targetId: id,
      before: snapshot(row),
    });
    return row;
  }

  async resendInvitation(admin: User, email: string, locale: Locale): Promise<number> {
    const sent = await this.deps.participants.operatorResend(email, locale);
    await this.deps.audit.record({
      admin,
      action: 'participant.resend',
      targetType: 'participant',
      targetId: null,
      after: { email, sent },
    });
    return sent;
  }
}
