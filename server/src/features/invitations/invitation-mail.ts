import type { Models } from '../../db/models';
import type { Mailer } from '../mail/mailer';
import { invitationMail } from '../mail/templates';
import type { Company } from '../companies/company.model';
import type { User } from '../users/user.model';
import type { EmployeeInvitation } from './invitation.model';

export interface InvitationMailDeps {
  models: Models;
  mailer: Mailer;
  publicUrl: () => string;
}

/** The invitation page link: /invitation/employee/{id}?email=… (the page checks both). */
export const invitationLink = (base: string, invitation: EmployeeInvitation) =>
  `${base}/invitation/employee/${invitation.id}?email=${encodeURIComponent(invitation.email)}`;

/**
 * Mails an invitation in the recipient's language when they already have an
 * account, otherwise in the inviter's.
 */
export async function sendInvitation(
  { models, mailer, publicUrl }: InvitationMailDeps,
  invitation: EmployeeInvitation,
  company: Company,
  inviter: User,
): Promise<void> {
  const recipient = await models.User.findOne({ where: { email: invitation.email } });
  const url = invitationLink(publicUrl(), invitation);
  const content = invitationMail(recipient?.locale ?? inviter.locale, inviter.name, company.name, url);
  await mailer.send({ to: invitation.email, link: url, ...content });
}
