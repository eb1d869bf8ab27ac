import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { AccountType } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { User } from '../users/user.model';
import { needsRehash, hashPassword, verifyPassword } from './password';
import type { AccessClaims, TokenService } from './tokens.service';

/**
 * Two login strategies (spec §6): 'user' and 'admin', each with a local
 * (e-mail + password) and a JWT (bearer) strategy. An admin token is not a
 * user token and the other way round (the JWT audience is the account type).
 * An access token is honoured only while its sign-in (refresh family) is live.
 */
export function createPassport(models: Models, secret: string, tokens: Pick<TokenService, 'isLive'>) {
  const passport = new Passport();
  for (const type of ['user', 'admin'] as const satisfies AccountType[]) {
    passport.use(
      `${type}-local`,
      new LocalStrategy({ usernameField: 'email', session: false }, (email, password, done) => {
        models.User.findOne({ where: { email: email.trim().toLowerCase(), type } })
          .then(async (user: User | null) => {
            if (!(await verifyPassword(password, user?.passwordHash ?? null)) || !user) return done(null, false);
            if (needsRehash(user.passwordHash!)) await user.update({ passwordHash: await hashPassword(password) });
            return done(null, user);
          })
          .catch(done);
      }),
    );
    passport.use(
      `${type}-jwt`,
      new JwtStrategy(
        {
          jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
          secretOrKey: secret,
          issuer: 'tsudoi',
          audience: type,
          algorithms: ['HS256'],
        },
        (claims: AccessClaims, done: (err: unknown, user?: User | false) => void) => {
          const find = async () => {
            if (typeof claims.sid !== 'string' || !(await tokens.isLive(claims.sid))) return null;
            return models.User.findOne({ where: { id: Number(claims.sub), type } });
          };
          find()
            .then((user) => done(null, user ?? false))
            .catch(done);
        },
      ),
    );
  }
  return passport;
}
export type AppPassport = ReturnType<typeof createPassport>;
