import { UniqueConstraintError } from 'sequelize';
import {
  EMAIL_VERIFICATION_TTL_S,
  PASSWORD_RESET_TTL_S,
  type Locale,
  type Session,
  type SignupBody,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail, verificationMail } from '../mail/templates';
import { toUserDto } from '../users/user.dto';
import type { User } from '../users/user.model';
import { hashPassword } from './password';
import type { TokenService } from './tokens.service';

export interface AuthDeps {
  models: Models;
  tokens: TokenService;
  mailer: Mailer;
  /** Public base URL of the UI, for links in e-mails (never taken from the request's Host header). */
  publicUrl: () => string;
}

/** Sign-up, e-mail verification, sessions and password reset. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  async signup(body: SignupBody, locale: Locale): Promise<User> {
    if (!body.agreeTerms) throw new AppError('MUST_AGREE_TERMS');
    const { User } = this.deps.models;
    if (await User.findOne({ where: { email: body.email }, paranoid: false }))
      throw new AppError('EMAIL_ALREADY_EXISTS');
    const user = await User.create({
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      verifiedAt: null,
      locale: body.locale ?? locale,
    }).catch((error: unknown) => {
      // the same address signed up at the same moment: the unique index decides
      throw error instanceof UniqueConstraintError ? new AppError('EMAIL_ALREADY_EXISTS') : error;
    });
    await this.sendVerification(user);
    return user;
  }

  async sendVerification(user: User): Promise<void> {
    const token = await this.deps.tokens.createOneTime(user.id, 'verify_email', EMAIL_VERIFICATION_TTL_S);
    const url = `${this.deps.publicUrl()}/token/verify/${token}`;
    await this.deps.mailer.send({ to: user.email, link: url, ...verificationMail(user.locale, user.name, url) });
  }

  async verifyEmail(token: string): Promise<User> {
    const userId = await this.deps.tokens.consumeOneTime(token, 'verify_email', 'INVALID_AUTH_URL');
    const user = await this.deps.models.User.findByPk(userId);
    if (!user) throw new AppError('INVALID_AUTH_URL');
    if (!user.verifiedAt) await user.update({ verifiedAt: new Date() });
    return user;
  }

  async session(user: User, family?: string): Promise<Session> {
    return { user: toUserDto(user), token: await this.deps.tokens.issue(user, family) };
  }

  async refresh(refreshToken: string): Promise<Session> {
    const { user, token } = await this.deps.tokens.rotate(refreshToken);
    return { user: toUserDto(user), token };
  }

  /** Spec §8.5: an unknown address is answered 'Email does not exist' (the one enumeration the spec asks for). */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.deps.models.User.findOne({ where: { email, type: 'user' } });
    if (!user) throw new AppError('EMAIL_NOT_EXIST', { fields: {} });
    const token = await this.deps.tokens.createOneTime(user.id, 'reset_password', PASSWORD_RESET_TTL_S);
    const url = `${this.deps.publicUrl()}/password/reset/${token}`;
    await this.deps.mailer.send({ to: user.email, link: url, ...passwordResetMail(user.locale, user.name, url) });
  }

  async checkResetToken(token: string): Promise<void> {
    await this.deps.tokens.peekOneTime(token, 'reset_password', 'INVALID_RESET_TOKEN');
  }

  /** Sets the new password, uses the token up and signs every device out; answers whose password it was. */
  async resetPassword(token: string, password: string): Promise<number> {
    const userId = await this.deps.tokens.consumeOneTime(token, 'reset_password', 'INVALID_RESET_TOKEN');
    const user = await this.deps.models.User.findByPk(userId);
    if (!user) throw new AppError('INVALID_RESET_TOKEN');
    await user.update({ passwordHash: await hashPassword(password) });
    await this.deps.tokens.revokeAll(user.id);
    return user.id;
  }
}
