/** Roles, account kinds and plans (product spec §3, §6; calls spec §9.2). */
export const EMPLOYEE_ROLES = ['OWNER', 'ADMIN', 'EMPLOYEE', 'GUEST', 'LIMITED_USER'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export const ACCOUNT_TYPES = ['user', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const USER_STATUSES = ['active', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PLANS = {
  starter: { maxEmployee: 5 },
  business: { maxEmployee: 25 },
} as const;
export type Plan = keyof typeof PLANS;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Lifetimes of one-time links and tokens. */
export const EMAIL_VERIFICATION_TTL_S = 24 * 3600;
export const PASSWORD_RESET_TTL_S = 3600;
export const INVITATION_TTL_S = 7 * 24 * 3600;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

const AVATAR_COLOURS = [
  '#4F46E5',
  '#0E7490',
  '#15803D',
  '#B45309',
  '#BE123C',
  '#7C3AED',
  '#0369A1',
  '#A16207',
  '#C2410C',
  '#1D4ED8',
  '#047857',
  '#9D174D',
] as const;

/** Avatar colour derived from a hash of the name (spec §9.1): stable across sessions and devices. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) | 0;
  return AVATAR_COLOURS[Math.abs(hash) % AVATAR_COLOURS.length]!;
}
