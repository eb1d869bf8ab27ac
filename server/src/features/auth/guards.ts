import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { AppPassport } from './passport';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in account, set by the guards below. */
    account?: User;
    /** The sign-in (refresh-token family) of the access token, set with `account`. */
    sessionId?: string;
  }
}

type StrategyName = 'user-local' | 'admin-local' | 'user-jwt' | 'admin-jwt';

/** Runs passport strategies without sessions and maps a failure to the catalogue. */
export function authenticate(passport: AppPassport, strategies: StrategyName[], failure: AppError): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    passport.authenticate(strategies, { session: false }, (err: unknown, user: User | false, info: unknown) => {
      if (err) return next(err);
      if (!user) return next(failure);
      req.account = user;
      const sid = (info as { sid?: unknown } | undefined)?.sid;
      req.sessionId = typeof sid === 'string' ? sid : undefined;
      next();
    })(req, res, next);
  };
}

export interface Guards {
  user: RequestHandler;
  admin: RequestHandler;
  anyAccount: RequestHandler;
  verifiedUser: RequestHandler[];
}

/** Route guards: a signed-in user, a platform admin, either, or a user whose e-mail is confirmed. */
export function createGuards(passport: AppPassport): Guards {
  const unauthorized = new AppError('UNAUTHORIZED');
  const user = authenticate(passport, ['user-jwt'], unauthorized);
  const requireVerified: RequestHandler = (req, _res, next) =>
    next(req.account?.verifiedAt ? undefined : new AppError('EMAIL_NOT_VERIFIED'));
  return {
    user,
    admin: authenticate(passport, ['admin-jwt'], unauthorized),
    anyAccount: authenticate(passport, ['user-jwt', 'admin-jwt'], unauthorized),
    verifiedUser: [user, requireVerified],
  };
}

/** The signed-in account of a guarded route. */
export function accountOf(req: Request): User {
  if (!req.account) throw new AppError('UNAUTHORIZED');
  return req.account;
}
