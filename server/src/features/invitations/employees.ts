import { avatarColour, type EmployeeRow, type Paged, type PageQuery } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { paged, pageWindow } from '../../http/answers';
import { ownCompanyId } from '../companies';
import type { User } from '../users/user.model';
import type { EmployeeInvitation } from './invitation.model';

export const memberRow = (user: User): EmployeeRow => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.employeeRole ?? 'EMPLOYEE',
  status: 'active',
  avatarColor: avatarColour(user.name),
  avatarImageUrl: user.avatarImageUrl ?? null,
  expiresAt: null,
});

export const pendingRow = (invitation: EmployeeInvitation): EmployeeRow => ({
  id: invitation.id,
  name: invitation.email,
  email: invitation.email,
  role: 'EMPLOYEE',
  status: 'pending',
  avatarColor: avatarColour(invitation.email),
  avatarImageUrl: null,
  expiresAt: invitation.expiresAt.toISOString(),
});

const byName = new Intl.Collator('ja', { sensitivity: 'base', numeric: true });
const ownerFirst = (a: EmployeeRow, b: EmployeeRow) =>
  Number(b.role === 'OWNER' && b.status === 'active') - Number(a.role === 'OWNER' && a.status === 'active') ||
  byName.compare(a.name, b.name) ||
  a.email.localeCompare(b.email);

/**
 * The caller's team: members and invitations not yet accepted, the owner
 * first, then by name. A team is capped by its plan (25 at most), so the rows
 * are merged and paged in memory rather than by a UNION per dialect.
 */
export async function listEmployees(models: Models, user: User, query: PageQuery): Promise<Paged<EmployeeRow>> {
  const companyId = ownCompanyId(user);
  const members = await models.User.findAll({ where: { employmentCompanyId: companyId } });
  const invitations = await models.EmployeeInvitation.findAll({ where: { companyId, status: 'pending' } });
  const rows = [...members.map(memberRow), ...invitations.map(pendingRow)].sort(ownerFirst);
  const { offset, limit } = pageWindow(query);
  return paged(rows.slice(offset, offset + limit), rows.length, query);
}
