import { Op, Transaction } from 'sequelize';
import type { EmployeeRole } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { Company } from './company.model';

const MANAGER_ROLES: readonly EmployeeRole[] = ['OWNER', 'ADMIN'];

/**
 * The caller's own team. Anyone who is not a member is told the team does not
 * exist (404 TEAM_NOT_FOUND), whether it exists or not: ids reveal nothing.
 */
export function ownCompanyId(user: User, companyId?: number): number {
  const own = user.employmentCompanyId;
  if (!own || (companyId !== undefined && companyId !== own)) throw new AppError('TEAM_NOT_FOUND');
  return own;
}

/** The caller's team when they may manage it (OWNER or ADMIN); a plain member gets 403 FORBIDDEN. */
export function managedCompanyId(user: User, companyId?: number): number {
  const own = ownCompanyId(user, companyId);
  if (!user.employeeRole || !MANAGER_ROLES.includes(user.employeeRole)) throw new AppError('FORBIDDEN');
  return own;
}

/**
 * Runs `work` in one transaction of the database the models are bound to.
 * IMMEDIATE on SQLite takes the write lock at the start, so two concurrent
 * read-then-write transactions queue instead of deadlocking on the lock
 * upgrade (SQLITE_BUSY); MariaDB ignores the type and uses row locks.
 */
export function transact<T>(models: Models, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  return models.User.sequelize!.transaction({ type: Transaction.TYPES.IMMEDIATE }, work);
}

/** A live company, locked for the rest of the transaction (serialises seat counting on MariaDB). */
export async function lockCompany(models: Models, id: number, transaction: Transaction): Promise<Company> {
  const company = await models.Company.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!company) throw new AppError('TEAM_NOT_FOUND');
  return company;
}

export interface Seats {
  /** Users of the team, the owner included. */
  members: number;
  /** Invitations neither accepted nor expired. An expired one frees its seat until it is re-sent. */
  pending: number;
}

export async function seatsTaken(models: Models, companyId: number, transaction?: Transaction): Promise<Seats> {
  const members = await models.User.count({ where: { employmentCompanyId: companyId }, transaction });
  const pending = await models.EmployeeInvitation.count({
    where: { companyId, status: 'pending', expiresAt: { [Op.gt]: new Date() } },
    transaction,
  });
  return { members, pending };
}

/** Plan limit: members + live invitations + `adding` must not exceed maxEmployee (409 with {limit}). */
export async function assertSeats(
  models: Models,
  company: Company,
  adding: number,
  transaction?: Transaction,
): Promise<void> {
  const { members, pending } = await seatsTaken(models, company.id, transaction);
  if (members + pending + adding > company.maxEmployee) {
    throw new AppError('PLAN_LIMIT_REACHED', { values: { limit: company.maxEmployee } });
  }
}
