import type { CompanyDto } from '@tsudoi/common';
import type { Company } from './company.model';
import type { Seats } from './membership';

/** The only shape of a company that leaves the server. */
export function toCompanyDto(company: Company, seats: Seats): CompanyDto {
  return {
    id: company.id,
    name: company.name,
    logoImageUrl: company.logoImageUrl ?? null,
    plan: company.plan,
    maxEmployee: company.maxEmployee,
    numberOfEmployees: seats.members,
    pendingInvitations: seats.pending,
    ownerId: company.ownerId,
    createdAt: company.createdAt.toISOString(),
  };
}
