import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { AccountType } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { User } from '../users/user.model';
import { needsRehash, hashPassword, verifyPassword } from './password';
import { sessionClaimsValid, type AccessClaims, type TokenService } from './tokens.service';
import { hmacKey } from './jwt-key';

/**
 * Two login strategies (spec §6): 'user' and 'admin', each with a local
 * (e-mail + password) and a JWT (bearer) strategy. An admin token is not a
 * user token and the other way round (the JWT audience is the account type).
 * An access token is honoured only while its sign-in (refresh family) is live
 * and belongs to the account the token names, of the kind it names.
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
          // the key made once (jwt-key.ts); passport-jwt's types know only strings and buffers
          secretOrKeyProvider: (_req, _token, done) => done(null, hmacKey(secret) as unknown as Buffer),
          issuer: 'tsudoi',
          audience: type,
          algorithms: ['HS256'],
        },
        (claims: AccessClaims, done: (err: unknown, user?: User | false, info?: { sid: string }) => void) => {
          const find = async () => {
            // the session id is bound to the account and its kind (sessionClaimsValid)
            if (!(await sessionClaimsValid(claims, type, tokens))) return null;
            return models.User.findOne({ where: { id: Number(claims.sub), type } });
          };
          find()
            .then((user) => (user ? done(null, user, { sid: claims.sid }) : done(null, false)))
            .catch(done);
        },
      ),
    );
  }
  return passport;
}
export type AppPassport = ReturnType<typeof createPassport>;
