import { Op, type Transaction } from 'sequelize';
import { formatMessage, type Locale, type MessageId } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';

/**
 * The invitation list rules of spec §5: not empty, no duplicates, not the
 * inviter, nobody already on the floor. Each bad entry gets its field message
 * (`participants.<index>.email`); one refuses the whole list.
 */
export async function checkParticipantList(
  models: Models,
  inviter: User,
  floorId: number,
  emails: string[],
  locale: Locale,
  transaction: Transaction,
): Promise<void> {
  if (emails.length === 0) throw new AppError('EMPTY_INVITATION_LIST');
  const existing = await models.FloorParticipant.findAll({
    where: { floorId, email: { [Op.in]: emails } },
    attributes: ['email'],
    transaction,
  });
  const onFloor = new Set(existing.map((p) => p.email));
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  emails.forEach((email, index) => {
    const problem: MessageId | undefined = seen.has(email)
      ? 'validation.duplicateEmail'
      : email === inviter.email
        ? 'validation.selfInvite'
        : onFloor.has(email)
          ? 'validation.alreadyInvited'
          : undefined;
    seen.add(email);
    if (problem) fields[`participants.${index}.email`] = formatMessage(locale, problem, { email });
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
}
