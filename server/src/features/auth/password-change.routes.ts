import { Router } from 'express';
import { errorMessageId, formatMessage, passwordChangeSchema } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import type { Sessions } from '../sessions';
import { accountOf, type Guards } from './guards';
import type { LoginLimiter } from './login-limiter';
import { hashPassword, verifyPassword } from './password';
import type { TokenService } from './tokens.service';

export interface PasswordChangeDeps {
  guards: Guards;
  tokens: TokenService;
  limiter: LoginLimiter;
  sessions: Sessions;
}

/**
 * PUT /users/me/password {currentPassword, password, passwordConfirmation}:
 * the signed-in user changes their password. The current one is checked
 * under the login limits (a stolen access token cannot guess it quickly);
 * a wrong one is 400 CURRENT_PASSWORD_INCORRECT on that field. Then every
 * other sign-in of the account ends — tokens and open sockets, with
 * `session:revoked { reason: 'passwordChanged' }` — and this one stays.
 */
export function passwordChangeRoutes({ guards, tokens, limiter, sessions }: PasswordChangeDeps): Router {
  const router = Router();
  router.put(
    '/users/me/password',
    guards.user,
    route({ body: passwordChangeSchema }, async ({ body }, req) => {
      const user = accountOf(req);
      const key = `user:${user.email}`;
      const ip = req.ip ?? 'unknown';
      await limiter.attempt(key, ip);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        const message = formatMessage(req.locale, errorMessageId('CURRENT_PASSWORD_INCORRECT'));
        throw new AppError('CURRENT_PASSWORD_INCORRECT', { fields: { currentPassword: message } });
      }
      await limiter.succeeded(key, ip);
      await user.update({ passwordHash: await hashPassword(body.password) });
      await tokens.revokeAll(user.id, req.sessionId);
      await tokens.voidOneTime(user.id, 'reset_password');
      await sessions.endAccount(user.id, 'passwordChanged', { except: req.sessionId });
      return mutation(null, formatMessage(req.locale, 'auth.password.changedElsewhere'));
    }),
  );
  return router;
}
