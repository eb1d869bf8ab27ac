import crypto from 'node:crypto';
import type { Config } from '../../../config';
import type { Models } from '../../../db/models';
import type { Logger } from '../../../lib/logger';
import type { AuthService } from '../auth.service';
import type { LoginLimiter } from '../login-limiter';
import type { AppPassport } from '../passport';
import type { TokenService } from '../tokens.service';
import { SocialAccounts } from './social.service';
import { socialApiRoutes, socialBrowserRoutes } from './social.routes';
import { useSocialStrategies } from './strategies';

export { SOCIAL_PROVIDERS, type SocialProvider } from './profile';
export { SocialAccounts, SOCIAL_TICKET_TTL_S } from './social.service';

export interface SocialDeps {
  config: Config;
  logger: Logger;
  models: Models;
  passport: AppPassport;
  tokens: TokenService;
  auth: AuthService;
  limiter: LoginLimiter;
  publicUrl: () => string;
}

/**
 * Social sign-in with Google and Facebook (spec §6, calls §7.2): registers
 * the strategies of the configured providers and returns the browser routes
 * (before the API key) and the API routes (behind it).
 */
export function createSocialSignIn(deps: SocialDeps) {
  const { config, logger, models, passport, tokens, publicUrl } = deps;
  const accounts = new SocialAccounts(models, tokens, logger);
  useSocialStrategies(
    passport,
    config.social,
    () => publicUrl().startsWith('https://'),
    (req, profile) => accounts.resolve(profile, req.locale),
  );
  const routeDeps = {
    ...deps,
    accounts,
    enabled: (provider: keyof Config['social']) => config.social[provider] !== undefined,
    cookieSecret: crypto.createHmac('sha256', config.jwtSecret).update('tsudoi/oauth-state-cookie').digest('base64url'),
  };
  return { accounts, browser: socialBrowserRoutes(routeDeps), api: socialApiRoutes(routeDeps) };
}
