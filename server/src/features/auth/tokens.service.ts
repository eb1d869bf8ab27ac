import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import { hmacKey } from './jwt-key';
import { Op } from 'sequelize';
import { REFRESH_TOKEN_TTL_S, TOKEN_MAX_AGE_S, type AccountType, type ErrorCode, type TokenPair } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { OneTimePurpose } from './token.models';

export interface AccessClaims {
  sub: string;
  typ: AccountType;
  /** The refresh-token family (one sign-in): the access token dies with it (logout, reset, delete). */
  sid: string;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/**
 * Access tokens (JWT, HS256, 86400 s), refresh tokens (random, stored only as
 * a SHA-256 hash, rotated on every use; presenting a rotated token again
 * revokes its whole family) and one-time tokens for e-mail links.
 */
export class TokenService {
  constructor(
    private readonly models: Models,
    private readonly secret: string,
  ) {}

  signAccess(user: User, family: string): string {
    const claims: AccessClaims = { sub: String(user.id), typ: user.type, sid: family };
    return jwt.sign(claims, hmacKey(this.secret), {
      algorithm: 'HS256',
      expiresIn: TOKEN_MAX_AGE_S,
      issuer: 'tsudoi',
      audience: user.type,
    });
  }

  async issue(user: User, family: string = crypto.randomUUID()): Promise<TokenPair> {
    const refreshToken = randomToken();
    await this.models.RefreshToken.create({
      userId: user.id,
      tokenHash: sha256(refreshToken),
      family,
      expiresAt: later(REFRESH_TOKEN_TTL_S),
    });
    return {
      accessToken: this.signAccess(user, family),
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: TOKEN_MAX_AGE_S,
    };
  }

  /**
   * Exchanges a refresh token for a new pair in the same family; the old one
   * stops working. The new token exists before the old one is revoked, so the
   * family (and its access tokens) stays live throughout.
   */
  async rotate(refreshToken: string): Promise<{ user: User; token: TokenPair }> {
    const row = await this.models.RefreshToken.findOne({ where: { tokenHash: sha256(refreshToken) } });
    if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError('UNAUTHORIZED');
    if (row.revokedAt) {
      await this.revokeFamily(row.family);
      throw new AppError('UNAUTHORIZED');
    }
    const user = await this.models.User.findByPk(row.userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const token = await this.issue(user, row.family);
    const [changed] = await this.models.RefreshToken.update(
      { revokedAt: new Date() },
      { where: { id: row.id, revokedAt: null } },
    );
    if (changed === 0) {
      await this.revokeFamily(row.family); // used twice at once: treat as theft
      throw new AppError('UNAUTHORIZED');
    }
    return { user, token };
  }

  /**
   * Whether a sign-in of this user still has an unrevoked, unexpired refresh
   * token (checked for every access token). The family must be the user's
   * own: a session id is bound to its account, so a token naming another
   * account's sign-in is dead whatever else it says.
   */
  async isLive(family: string, userId: number): Promise<boolean> {
    if (!Number.isSafeInteger(userId) || userId <= 0) return false;
    const live = await this.models.RefreshToken.count({
      where: { family, userId, revokedAt: null, expiresAt: { [Op.gt]: new Date() } },
    });
    return live > 0;
  }

  /**
   * Ends the sign-in a refresh token belongs to: every token of its family,
   * and so its access tokens. Answers whose sign-in it was (null for a token
   * nobody issued), so its open sockets can be ended too.
   */
  async endSignIn(refreshToken: string): Promise<{ userId: number; family: string } | null> {
    const row = await this.models.RefreshToken.findOne({ where: { tokenHash: sha256(refreshToken) } });
    if (!row) return null;
    await this.revokeFamily(row.family);
    return { userId: row.userId, family: row.family };
  }

  /** Ends every sign-in of the user, or every one but `except` (a password change keeps the device it came from). */
  async revokeAll(userId: number, except?: string): Promise<void> {
    const where = except ? { userId, revokedAt: null, family: { [Op.ne]: except } } : { userId, revokedAt: null };
    await this.models.RefreshToken.update({ revokedAt: new Date() }, { where });
  }

  private async revokeFamily(family: string): Promise<void> {
    await this.models.RefreshToken.update({ revokedAt: new Date() }, { where: { family, revokedAt: null } });
  }

  /** Unused tokens of a purpose stop working (a changed password voids the reset links mailed before). */
  async voidOneTime(userId: number, purpose: OneTimePurpose): Promise<void> {
    await this.models.OneTimeToken.update({ usedAt: new Date() }, { where: { userId, purpose, usedAt: null } });
  }

  /** A new single-use token for an e-mail link; earlier unused ones of the same purpose stop working. */
  async createOneTime(userId: number, purpose: OneTimePurpose, ttlS: number): Promise<string> {
    await this.voidOneTime(userId, purpose);
    const token = randomToken();
    await this.models.OneTimeToken.create({ userId, purpose, tokenHash: sha256(token), expiresAt: later(ttlS) });
    return token;
  }

  /** The user a valid token belongs to, without using it up (e.g. to show the reset form). */
  async peekOneTime(token: string, purpose: OneTimePurpose, invalid: ErrorCode): Promise<number> {
    const row = await this.models.OneTimeToken.findOne({
      where: { tokenHash: sha256(token), purpose, usedAt: null, expiresAt: { [Op.gt]: new Date() } },
    });
    if (!row) throw new AppError(invalid);
    return row.userId;
  }

  /** Uses a token up; a second use, an expired or unknown token gives `invalid`. */
  async consumeOneTime(token: string, purpose: OneTimePurpose, invalid: ErrorCode): Promise<number> {
    const userId = await this.peekOneTime(token, purpose, invalid);
    const [changed] = await this.models.OneTimeToken.update(
      { usedAt: new Date() },
      { where: { tokenHash: sha256(token), usedAt: null } },
    );
    if (changed === 0) throw new AppError(invalid);
    return userId;
  }
}

/**
 * The claims of a verified access token fit together: the account kind it
 * claims (`typ`) is the audience it was checked against, and its session id
 * is a live sign-in of the very account it names (`sub`).
 */
export async function sessionClaimsValid(
  claims: AccessClaims,
  kind: AccountType,
  tokens: Pick<TokenService, 'isLive'>,
): Promise<boolean> {
  if (claims.typ !== kind || typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return false;
  return tokens.isLive(claims.sid, Number(claims.sub));
}
