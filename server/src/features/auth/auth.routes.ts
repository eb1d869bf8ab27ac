import { Router, type Request, type Response } from 'express';
import {
  formatMessage,
  loginSchema,
  newPasswordSchema,
  passwordResetSchema,
  refreshSchema,
  signupSchema,
  tokenSchema,
  type AccountType,
} from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { toUserDto } from '../users/user.dto';
import type { User } from '../users/user.model';
import type { AuthService } from './auth.service';
import { accountOf, type Guards } from './guards';
import type { LoginLimiter } from './login-limiter';
import type { MailLimiter } from './mail-limiter';
import type { AppPassport } from './passport';
import type { TokenService } from './tokens.service';
import type { Sessions } from '../sessions';

export interface AuthRouteDeps {
  auth: AuthService;
  tokens: TokenService;
  passport: AppPassport;
  guards: Guards;
  limiter: LoginLimiter;
  mailLimiter: MailLimiter;
  /** Ends the open sockets of a sign-in or an account that was signed out. */
  sessions: Sessions;
}

const hasRefreshToken = (body: unknown) =>
  typeof (body as { refreshToken?: unknown } | undefined)?.refreshToken === 'string';

function runLocal(passport: AppPassport, type: AccountType, req: Request, res: Response): Promise<User | false> {
  return new Promise((resolve, reject) => {
    passport.authenticate(`${type}-local`, { session: false }, (err: unknown, user: User | false) =>
      err ? reject(err) : resolve(user),
    )(req, res, reject);
  });
}

/** /auth/*, /tokens/*, /passwords/* (calls spec §7.2). */
export function authRoutes({ auth, tokens, passport, guards, limiter, mailLimiter, sessions }: AuthRouteDeps): Router {
  const router = Router();
  const t = (req: Request, id: Parameters<typeof formatMessage>[1]) => formatMessage(req.locale, id);

  const login = (type: AccountType) =>
    route({ body: loginSchema }, async ({ body }, req, res) => {
      const accountKey = `${type}:${body.email}`;
      const ip = req.ip ?? 'unknown';
      await limiter.attempt(accountKey, ip);
      req.body = body;
      const user = await runLocal(passport, type, req, res);
      if (!user) throw new AppError('LOGIN_ACCESS_DENIED');
      await limiter.succeeded(accountKey, ip);
      return auth.session(user);
    });

  router.post(
    '/auth/signup',
    route({ body: signupSchema }, async ({ body }, req, res) => {
      await mailLimiter.spend('signup', body.email, req.ip ?? 'unknown');
      const user = await auth.signup(body, req.locale);
      res.status(201);
      return { ...mutation(toUserDto(user), t(req, 'auth.mail.verificationSent')), token: await tokens.issue(user) };
    }),
  );
  router.post('/auth/login', login('user'));
  router.post('/auth/login/admin', login('admin'));
  router.post(
    '/auth/refresh',
    route({ body: refreshSchema }, ({ body }) => auth.refresh(body.refreshToken)),
  );
  router.post(
    '/auth/logout',
    // With its refresh token a sign-in can always be ended, even once its access token expired;
    // without one, the signed-in account signs out everywhere. Their open sockets end with it.
    (req, res, next) => (hasRefreshToken(req.body) ? next() : guards.anyAccount(req, res, next)),
    route({ body: refreshSchema.partial() }, async ({ body }, req) => {
      if (body.refreshToken) {
        const ended = await tokens.endSignIn(body.refreshToken);
        if (ended) await sessions.endSignIn(ended.family, 'signedOut');
      } else {
        await tokens.revokeAll(accountOf(req).id);
        await sessions.endAccount(accountOf(req).id, 'signedOut');
      }
      return mutation(null, t(req, 'auth.logout.success'));
    }),
  );
  router.get(
    '/auth/me',
    guards.anyAccount,
    route({}, (_input, req) => ({ data: toUserDto(accountOf(req)) })),
  );

  router.post(
    '/tokens/verify',
    route({ body: tokenSchema }, async ({ body }, req) =>
      mutation(toUserDto(await auth.verifyEmail(body.token)), t(req, 'auth.email.verified')),
    ),
  );
  router.get(
    '/tokens/resend',
    guards.user,
    route({}, async (_input, req) => {
      const user = accountOf(req);
      if (!user.verifiedAt) {
        await mailLimiter.spend('verify', String(user.id), req.ip ?? 'unknown');
        await auth.sendVerification(user);
      }
      return mutation(toUserDto(user), t(req, user.verifiedAt ? 'auth.email.verified' : 'auth.mail.verificationSent'));
    }),
  );

  router.post(
    '/passwords/reset',
    route({ body: passwordResetSchema }, async ({ body }, req) => {
      await mailLimiter.spend('reset', body.email, req.ip ?? 'unknown');
      await auth.requestPasswordReset(body.email);
      return mutation(null, t(req, 'auth.mail.passwordResetSent'));
    }),
  );
  router.post(
    '/passwords/verify',
    route({ body: tokenSchema }, async ({ body }) => {
      await auth.checkResetToken(body.token);
      return { data: { valid: true } };
    }),
  );
  router.post(
    '/passwords/new',
    route({ body: newPasswordSchema }, async ({ body }, req) => {
      const userId = await auth.resetPassword(body.token, body.password);
      await sessions.endAccount(userId, 'passwordReset');
      return mutation(null, t(req, 'auth.password.changed'));
    }),
  );
  return router;
}
