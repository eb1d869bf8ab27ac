import { Op, type Transaction } from 'sequelize';
import { formatMessage, type Locale, type MessageId } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { EmployeeInvitation } from './invitation.model';

export interface InviteTargets {
  /** Accepted invitations of people who have left the team since: re-used for the new invitation. */
  reusable: Map<string, EmployeeInvitation>;
}

/**
 * Checks a bulk invitation list (spec §5): not empty, no duplicates, not the
 * inviter, nobody already invited or already a member. Every bad entry gets
 * its own field message (`emails.<index>`, naming the e-mail); one bad entry
 * refuses the whole list, so nothing is created.
 */
export async function checkInviteList(
  models: Models,
  inviter: User,
  companyId: number,
  emails: string[],
  locale: Locale,
  transaction: Transaction,
): Promise<InviteTargets> {
  if (emails.length === 0) throw new AppError('EMPTY_INVITATION_LIST');
  const where = { email: { [Op.in]: emails } };
  const invitations = await models.EmployeeInvitation.findAll({ where: { ...where, companyId }, transaction });
  const members = await models.User.findAll({ where: { ...where, employmentCompanyId: companyId }, transaction });
  const memberEmails = new Set(members.map((m) => m.email));
  const invitationOf = new Map(invitations.map((i) => [i.email, i]));

  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const reusable = new Map<string, EmployeeInvitation>();
  emails.forEach((email, index) => {
    const problem: MessageId | undefined = seen.has(email)
      ? 'validation.duplicateEmail'
      : email === inviter.email
        ? 'validation.selfInvite'
        : memberEmails.has(email)
          ? 'validation.alreadyMember'
          : invitationOf.get(email)?.status === 'pending'
            ? 'validation.alreadyInvited'
            : undefined;
    seen.add(email);
    if (problem) fields[`emails.${index}`] = formatMessage(locale, problem, { email });
    else if (invitationOf.has(email)) reusable.set(email, invitationOf.get(email)!);
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  return { reusable };
}
