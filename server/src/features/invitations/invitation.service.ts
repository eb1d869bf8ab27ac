import { INVITATION_TTL_S, type InvitationCheck, type Locale } from '@tsudoi/common';
import type { Logger } from '../../lib/logger';
import { AppError } from '../../http/app-error';
import { assertSeats, lockCompany, managedCompanyId, seatsTaken, transact } from '../companies';
import type { Company } from '../companies/company.model';
import type { User } from '../users/user.model';
import { checkInviteList } from './invite-checks';
import { sendInvitation, type InvitationMailDeps } from './invitation-mail';
import type { EmployeeInvitation } from './invitation.model';

export interface InvitationDeps extends InvitationMailDeps {
  logger: Logger;
}

const expiry = () => new Date(Date.now() + INVITATION_TTL_S * 1000);
const expired = (invitation: EmployeeInvitation) => invitation.expiresAt.getTime() <= Date.now();

/** Team member invitations: bulk invite, re-send, the public check and the four accept outcomes (spec §4). */
export class InvitationService {
  constructor(private readonly deps: InvitationDeps) {}

  /**
   * Creates one pending invitation (valid 7 days) per e-mail and mails each.
   * Nothing is created unless every e-mail passes and the plan has room.
   * Answers the invitations and the e-mails whose mail could not be sent.
   */
  async invite(
    inviter: User,
    emails: string[],
    locale: Locale,
  ): Promise<{ invitations: EmployeeInvitation[]; unsent: string[] }> {
    return this.inviteTo(inviter, managedCompanyId(inviter), emails, locale);
  }

  /**
   * invite() into a named team: a team manager's own (invite), or any team for a
   * platform admin (calls spec §7.8 admin variants). The mail names `mailAs`
   * (the team's owner when the admin invites), `invitedBy` records who asked.
   */
  async inviteTo(
    inviter: User,
    companyId: number,
    emails: string[],
    locale: Locale,
    mailAs: (company: Company) => Promise<User> = async () => inviter,
  ): Promise<{ invitations: EmployeeInvitation[]; unsent: string[] }> {
    const { models } = this.deps;
    const { company, invitations } = await transact(models, async (transaction) => {
      const company = await lockCompany(models, companyId, transaction);
      const { reusable } = await checkInviteList(models, inviter, companyId, emails, locale, transaction);
      await assertSeats(models, company, emails.length, transaction);
      const fields = { invitedBy: inviter.id, status: 'pending' as const, expiresAt: expiry(), acceptedAt: null };
      const invitations: EmployeeInvitation[] = [];
      for (const email of emails) {
        const again = reusable.get(email);
        invitations.push(
          again
            ? await again.update(fields, { transaction })
            : await models.EmployeeInvitation.create({ companyId, email, ...fields }, { transaction }),
        );
      }
      return { company, invitations };
    });
    const sender = await mailAs(company);
    const results = await Promise.allSettled(invitations.map((i) => sendInvitation(this.deps, i, company, sender)));
    const unsent = invitations.filter((_i, index) => results[index]!.status === 'rejected').map((i) => i.email);
    for (const result of results) {
      if (result.status === 'rejected') this.deps.logger.warn({ err: result.reason }, 'invitation mail failed');
    }
    return { invitations, unsent };
  }

  /** The checks of invite() without creating anything: answers the seats left once the list is invited. */
  async checkList(inviter: User, emails: string[], locale: Locale): Promise<number> {
    return this.checkListFor(inviter, managedCompanyId(inviter), emails, locale);
  }

  /** checkList() for a named team (a platform admin's check). */
  async checkListFor(inviter: User, companyId: number, emails: string[], locale: Locale): Promise<number> {
    const { models } = this.deps;
    return transact(models, async (transaction) => {
      const company = await lockCompany(models, companyId, transaction);
      await checkInviteList(models, inviter, companyId, emails, locale, transaction);
      await assertSeats(models, company, emails.length, transaction);
      const { members, pending } = await seatsTaken(models, companyId, transaction);
      return company.maxEmployee - members - pending - emails.length;
    });
  }

  /**
   * Mails a pending invitation again and renews its 7 days. An expired one
   * takes its seat back, so the plan must have room. Any failure changes
   * nothing and answers RESEND_INVITATION_FAILED (an unknown id and another
   * team's invitation look the same).
   */
  async resend(manager: User, id: number): Promise<EmployeeInvitation> {
    return this.resendIn(manager, managedCompanyId(manager), id);
  }

  /**
   * resend() of any team's pending invitation, for a platform admin (calls spec
   * §7.8 admin variants); the mail names the team's owner. Same refusal as resend().
   */
  async resendAsAdmin(admin: User, id: number): Promise<EmployeeInvitation> {
    const invitation = await this.deps.models.EmployeeInvitation.findOne({ where: { id, status: 'pending' } });
    if (!invitation) throw new AppError('RESEND_INVITATION_FAILED');
    return this.resendIn(admin, invitation.companyId, id, (company) => this.ownerOr(company, admin));
  }

  /** Who an admin's invitation mail names: the team's owner, or the admin when the team has none. */
  async ownerOr(company: Company, admin: User): Promise<User> {
    const owner = company.ownerId ? await this.deps.models.User.findByPk(company.ownerId) : null;
    return owner ?? admin;
  }

  private async resendIn(
    manager: User,
    companyId: number,
    id: number,
    mailAs: (company: Company) => Promise<User> = async () => manager,
  ): Promise<EmployeeInvitation> {
    const { models } = this.deps;
    const invitation = await models.EmployeeInvitation.findOne({ where: { id, companyId, status: 'pending' } });
    const company = await models.Company.findByPk(companyId);
    if (!invitation || !company) throw new AppError('RESEND_INVITATION_FAILED');
    if (expired(invitation)) await assertSeats(models, company, 1);
    try {
      await sendInvitation(this.deps, invitation, company, await mailAs(company));
    } catch (err) {
      this.deps.logger.warn({ err }, 'invitation re-send failed');
      throw new AppError('RESEND_INVITATION_FAILED');
    }
    return invitation.update({ expiresAt: expiry() });
  }

  /** The invitation page's question. Both the id and the e-mail must match, so ids cannot be probed. */
  async check(id: number, email: string): Promise<InvitationCheck> {
    const { invitation, company } = await this.find(id);
    if (invitation.email !== email) throw new AppError('NOT_FOUND');
    const status = invitation.status === 'accepted' ? 'accepted' : expired(invitation) ? 'expired' : 'valid';
    return { status, companyName: company.name, email: invitation.email };
  }

  /**
   * The four outcomes: accept (the user joins as EMPLOYEE), mismatch (the
   * invitation is for another e-mail), already joined (any team, this one
   * included), expired link. A refusal changes nothing.
   */
  async accept(user: User, id: number): Promise<Company> {
    const { models } = this.deps;
    const { invitation, company } = await this.find(id);
    if (invitation.email !== user.email) throw new AppError('INVITATION_ACCOUNT_MISMATCH');
    if (invitation.status === 'accepted' || user.employmentCompanyId || user.companyId) {
      throw new AppError('ALREADY_JOINED_COMPANY');
    }
    if (expired(invitation)) throw new AppError('EXPIRED_INVITATION_URL');
    await transact(models, async (transaction) => {
      const [joined] = await models.User.update(
        { employmentCompanyId: company.id, employeeRole: 'EMPLOYEE' },
        { where: { id: user.id, employmentCompanyId: null }, transaction },
      );
      const [taken] = await models.EmployeeInvitation.update(
        { status: 'accepted', acceptedAt: new Date() },
        { where: { id: invitation.id, status: 'pending' }, transaction },
      );
      if (joined === 0 || taken === 0) throw new AppError('ALREADY_JOINED_COMPANY'); // raced: roll back
    });
    return company;
  }

  private async find(id: number): Promise<{ invitation: EmployeeInvitation; company: Company }> {
    const invitation = await this.deps.models.EmployeeInvitation.findByPk(id);
    const company = invitation && (await this.deps.models.Company.findByPk(invitation.companyId));
    if (!invitation || !company) throw new AppError('NOT_FOUND');
    return { invitation, company };
  }
}
