import { UniqueConstraintError } from 'sequelize';
import type { Locale } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Logger } from '../../../lib/logger';
import { AppError } from '../../../http/app-error';
import type { User } from '../../users/user.model';
import type { TokenService } from '../tokens.service';
import type { SocialProfile } from './profile';

/** A social ticket is good for one exchange within a minute of the provider's return. */
export const SOCIAL_TICKET_TTL_S = 60;

const idField = (profile: SocialProfile) => (profile.provider === 'google' ? 'googleId' : 'facebookId');

/**
 * Turns a provider's profile into a Tsudoi user (found by provider id, else
 * linked by the verified e-mail, else created) and hands out single-use
 * tickets that the SPA exchanges for a session. Platform admins are never
 * signed in this way.
 */
export class SocialAccounts {
  private readonly signInsEnded: ((userId: number) => Promise<unknown>)[] = [];
  constructor(
    private readonly models: Models,
    private readonly tokens: TokenService,
    private readonly logger: Logger,
  ) {}

  /** Called after the sign-ins of an unproven account were ended by its address's owner (their sockets end too). */
  onSignInsEnded(listener: (userId: number) => Promise<unknown>): void {
    this.signInsEnded.push(listener);
  }

  /** The user to sign in, or null when the sign-in must be refused (LOGIN_ACCESS_DENIED). */
  async resolve(profile: SocialProfile, locale: Locale, retry = true): Promise<User | null> {
    const { User } = this.models;
    const field = idField(profile);
    const linked = await User.findOne({ where: { [field]: profile.id } });
    if (linked) return this.allowed(linked, profile) ? linked : null;
    if (!profile.email || !profile.emailVerified) return this.refuse(profile, 'no verified e-mail from the provider');
    const existing = await User.findOne({ where: { email: profile.email }, paranoid: false });
    if (existing) return this.link(existing, profile);
    try {
      const user = await User.create({
        name: profile.name,
        email: profile.email,
        passwordHash: null,
        verifiedAt: new Date(),
        locale,
        [field]: profile.id,
      });
      this.logger.info({ provider: profile.provider, userId: user.id }, 'social sign-in created a user');
      return user;
    } catch (error) {
      // Two first sign-ins of the same person at once: the second finds the first's row.
      if (error instanceof UniqueConstraintError && retry) return this.resolve(profile, locale, false);
      throw error;
    }
  }

  /**
   * Links the provider to an account with the same e-mail. The provider has
   * proved that the person controls the address; if the account had not, its
   * password was set by someone who never proved it (a pre-registered
   * account), so that password and its sessions are dropped.
   */
  private async link(user: User, profile: SocialProfile): Promise<User | null> {
    if (!this.allowed(user, profile)) return null;
    const field = idField(profile);
    if (user[field]) return this.refuse(profile, 'the account is linked to another identity of this provider', user);
    const unproven = !user.verifiedAt;
    await user.update({
      [field]: profile.id,
      ...(unproven ? { verifiedAt: new Date(), passwordHash: null } : {}),
    });
    if (unproven) {
      await this.tokens.revokeAll(user.id);
      for (const listener of this.signInsEnded) await listener(user.id);
    }
    this.logger.info({ provider: profile.provider, userId: user.id, unproven }, 'social sign-in linked an account');
    return user;
  }

  private allowed(user: User, profile: SocialProfile): boolean {
    const reason =
      user.type !== 'user'
        ? 'platform admins cannot sign in socially'
        : user.deletedAt
          ? 'the account is deleted'
          : null;
    if (reason) this.refuse(profile, reason, user);
    return reason === null;
  }

  private refuse(profile: SocialProfile, reason: string, user?: User): null {
    this.logger.info({ provider: profile.provider, userId: user?.id, reason }, 'social sign-in refused');
    return null;
  }

  issueTicket(user: User): Promise<string> {
    return this.tokens.createOneTime(user.id, 'social_ticket', SOCIAL_TICKET_TTL_S);
  }

  /** Uses a ticket up; unknown, used or expired tickets, and non-users, are LOGIN_ACCESS_DENIED. */
  async redeem(ticket: string): Promise<User> {
    const userId = await this.tokens.consumeOneTime(ticket, 'social_ticket', 'LOGIN_ACCESS_DENIED');
    const user = await this.models.User.findByPk(userId);
    if (!user || user.type !== 'user') throw new AppError('LOGIN_ACCESS_DENIED');
    return user;
  }
}
