import { avatarColour, type UserDto } from '@tsudoi/common';
import type { User } from './user.model';

/** The only shape of a user that leaves the server. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    status: user.status,
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
    avatarImageUrl: user.avatarImageUrl ?? null,
    avatarColor: avatarColour(user.name),
    companyId: user.companyId ?? null,
    employmentCompanyId: user.employmentCompanyId ?? null,
    employeeRole: user.employeeRole ?? null,
    country: user.country ?? null,
    locale: user.locale,
    referralCode: user.referralCode ?? null,
    skipHostGuide: user.skipHostGuide === true,
    createdAt: user.createdAt.toISOString(),
  };
}
