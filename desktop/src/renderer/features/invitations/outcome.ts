import type { ErrorCode, InvitationCheck, UserDto } from '@tsudoi/common';

/**
 * What the invitation page shows (spec §4): ready to accept, then joined; or
 * one of the refusals — expired link, account mismatch, already joined — or a
 * link that names no invitation at all.
 */
export type InvitationOutcome = 'ready' | 'joined' | 'expired' | 'mismatch' | 'alreadyJoined' | 'invalid';

/** The outcome for a signed-in user, in the order the server decides it (mismatch, joined, expired). */
export function invitationOutcome(
  check: InvitationCheck,
  user: Pick<UserDto, 'email' | 'employmentCompanyId' | 'companyId'>,
): InvitationOutcome {
  if (check.email.toLowerCase() !== user.email.toLowerCase()) return 'mismatch';
  if (check.status === 'accepted' || user.employmentCompanyId !== null || user.companyId !== null) {
    return 'alreadyJoined';
  }
  return check.status === 'expired' ? 'expired' : 'ready';
}

/** The outcome a refused check or accept stands for; null for errors that are only shown as a toast. */
export function outcomeOfError(code: ErrorCode | undefined): InvitationOutcome | null {
  switch (code) {
    case 'INVITATION_ACCOUNT_MISMATCH':
      return 'mismatch';
    case 'ALREADY_JOINED_COMPANY':
      return 'alreadyJoined';
    case 'EXPIRED_INVITATION_URL':
      return 'expired';
    case 'NOT_FOUND':
    case 'VALIDATION_FAILED':
      return 'invalid';
    default:
      return null;
  }
}
