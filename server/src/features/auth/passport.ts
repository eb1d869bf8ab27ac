import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { AccountType } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { User } from '../users/user.model';
import { needsRehash, hashPassword, verifyPassword } from './password';
import type { AccessClaims } from './tokens.service';

/**
 * Two login strategies (spec §6): 'user' and 'admin', each with a local
 * (e-mail + password) and a JWT (bearer) strategy. An admin token is not a
 * user token and the other way round (the JWT audience is the account type).
 */
export function createPassport(models: Models, secret: string) {
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
          models.User.findOne({ where: { id: Number(claims.sub), type } })
            .then((user) => done(null, user ?? false))
            .catch(done);
        },
      ),
    );
  }
  return passport;
}
export type AppPassport = ReturnType<typeof createPassport>;
