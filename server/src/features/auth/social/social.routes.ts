import cookieParser from 'cookie-parser';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { socialLoginSchema, type AuthProviders, type ErrorCode } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import { route } from '../../../http/route';
import type { User } from '../../users/user.model';
import type { AuthService } from '../auth.service';
import type { LoginLimiter } from '../login-limiter';
import type { AppPassport } from '../passport';
import { SOCIAL_PROVIDERS, type SocialProvider } from './profile';
import type { SocialAccounts } from './social.service';
import type { SocialInfo } from './strategies';

export interface SocialRouteDeps {
  passport: AppPassport;
  accounts: SocialAccounts;
  auth: AuthService;
  limiter: LoginLimiter;
  enabled: (provider: SocialProvider) => boolean;
  publicUrl: () => string;
  /** Signs the OAuth state cookie. */
  cookieSecret: string;
}

/** A provider without credentials has no routes: 404 NOT_FOUND. */
const requireEnabled =
  (enabled: SocialRouteDeps['enabled'], provider: SocialProvider): RequestHandler =>
  (_req, _res, next) =>
    next(enabled(provider) ? undefined : new AppError('NOT_FOUND'));

/** What passport hands the route: (err, user, info). */
type Outcome = [err: unknown, user: User | false | undefined, info: SocialInfo | undefined];

/** Failures a provider causes (token exchange, profile call, an error redirect): spec §8.5 login errors. */
const providerFailure = (provider: SocialProvider): ErrorCode =>
  provider === 'facebook' ? 'LOGIN_FACEBOOK_PROBLEM' : 'LOGIN_UNKNOWN_ERROR';

/**
 * The browser navigations of social sign-in (mounted before the API-key
 * check: a navigation cannot carry x-api-key):
 * GET /auth/{provider} redirects to the provider with a CSRF state;
 * GET /auth/{provider}/callback exchanges the code, finds or creates the user
 * and redirects to {PUBLIC_URL}/social/{provider}?ticket=… (a single-use,
 * 60-second ticket, never a session token), or to /login?socialError=CODE.
 */
export function socialBrowserRoutes(deps: SocialRouteDeps): Router {
  const { passport, accounts, publicUrl } = deps;
  const router = Router();
  const redirect = (res: Response, path: string) =>
    res.setHeader('Cache-Control', 'no-store').redirect(302, `${publicUrl()}${path}`);

  async function finish(provider: SocialProvider, req: Request, res: Response, outcome: Outcome): Promise<void> {
    const [err, user, info] = outcome;
    if (err) {
      const { name, message } = err as Error;
      req.log.warn({ provider, error: { name, message } }, 'social sign-in: the provider failed');
      return void redirect(res, `/login?socialError=${providerFailure(provider)}`);
    }
    if (!user) return void redirect(res, `/login?socialError=${info?.code ?? 'LOGIN_ACCESS_DENIED'}`);
    const ticket = await accounts.issueTicket(user);
    redirect(res, `/social/${provider}?ticket=${encodeURIComponent(ticket)}`);
  }

  for (const provider of SOCIAL_PROVIDERS) {
    const flow: RequestHandler = (req, res, next) => {
      const options = {
        session: false,
        callbackURL: `${publicUrl()}/api/auth/${provider}/callback`,
        ...(provider === 'google' ? { prompt: 'select_account' } : {}),
      };
      passport.authenticate(provider, options, (...outcome: Outcome) => {
        finish(provider, req, res, outcome).catch((error: unknown) => {
          // A navigation must land on a page, not on a JSON error.
          req.log.error({ err: error, provider }, 'social sign-in failed on our side');
          if (!res.headersSent) redirect(res, '/login?socialError=LOGIN_UNKNOWN_ERROR');
        });
      })(req, res, next);
    };
    const paths = [`/auth/${provider}`, `/auth/${provider}/callback`];
    router.get(paths, requireEnabled(deps.enabled, provider), cookieParser(deps.cookieSecret), flow);
  }
  return router;
}
/**
 * GET /auth/providers: which sign-in buttons the login page shows (public).
 * POST /auth/login/{provider} {ticket}: the SPA exchanges the ticket for a session (API key as usual).
 */
export function socialApiRoutes({ accounts, auth, limiter, enabled }: SocialRouteDeps): Router {
  const router = Router();
  router.get(
    '/auth/providers',
    route({}, (): { data: AuthProviders } => ({ data: { google: enabled('google'), facebook: enabled('facebook') } })),
  );
  for (const provider of SOCIAL_PROVIDERS) {
    router.post(
      `/auth/login/${provider}`,
      requireEnabled(enabled, provider),
      route({ body: socialLoginSchema }, async ({ body }, req) => {
        // A bad ticket counts as a failed login of the client IP (same limits as password logins).
        const ip = req.ip ?? 'unknown';
        await limiter.attempt(null, ip);
        const user = await accounts.redeem(body.ticket);
        await limiter.succeeded(null, ip);
        return auth.session(user);
      }),
    );
  }
  return router;
}
