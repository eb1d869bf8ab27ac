import type { Request } from 'express';
import type { Profile } from 'passport';
import { Strategy as GoogleStrategy, type StrategyOptionsWithRequest as GoogleOptions } from 'passport-google-oauth20';
import { Strategy as FacebookStrategy } from 'passport-facebook';
import type { StateStore } from 'passport-oauth2';
import type { Config, SocialProviderConfig } from '../../../config';
import type { User } from '../../users/user.model';
import type { AppPassport } from '../passport';
import { toSocialProfile, type SocialProfile, type SocialProvider } from './profile';
import { CookieStateStore } from './state-store';

/** Sends the access token to Google's userinfo as an Authorization header, not as ?access_token= in the URL. */
class GoogleBearerStrategy extends GoogleStrategy {
  constructor(options: GoogleOptions, verify: WithRequestVerify) {
    super(options, verify);
    this._oauth2.useAuthorizationHeaderforGET(true);
  }
}

/** What the verify step reports back to the route (passport's `info`). */
export interface SocialInfo {
  code?: 'LOGIN_ACCESS_DENIED' | 'LOGIN_UNKNOWN_ERROR';
  message?: string;
}
type Done = (err: unknown, user?: User | false, info?: SocialInfo) => void;
type WithRequestVerify = (
  req: Request,
  accessToken: string,
  refreshToken: string,
  profile: Profile,
  done: Done,
) => void;
export type SocialVerify = (req: Request, profile: SocialProfile) => Promise<User | null>;

const SCOPES: Record<SocialProvider, string[]> = { google: ['openid', 'email', 'profile'], facebook: ['email'] };

/**
 * Registers the real passport strategies (passport-google-oauth20,
 * passport-facebook) for each configured provider on the server's passport
 * instance. Sessions are not used: the state lives in a signed cookie
 * (CookieStateStore). Google also uses PKCE (S256). Errors of our own verify
 * step (e.g. the database) are reported as LOGIN_UNKNOWN_ERROR, so that an
 * `err` reaching the route always means the provider failed.
 */
export function useSocialStrategies(
  passport: AppPassport,
  social: Config['social'],
  secure: () => boolean,
  verify: SocialVerify,
): void {
  const verifier =
    (provider: SocialProvider): WithRequestVerify =>
    (req, _accessToken, _refreshToken, profile, done): void => {
      verify(req, toSocialProfile(provider, profile))
        .then((user) => done(null, user ?? false, user ? undefined : { code: 'LOGIN_ACCESS_DENIED' }))
        .catch((error: unknown) => {
          req.log.error({ err: error, provider }, 'social sign-in failed on our side');
          done(null, false, { code: 'LOGIN_UNKNOWN_ERROR' });
        });
    };
  const base = (provider: SocialProvider, c: SocialProviderConfig) => {
    const store = new CookieStateStore(`tsudoi_oauth_${provider}`, `/api/auth/${provider}`, secure);
    return {
      clientID: c.clientId,
      clientSecret: c.clientSecret,
      authorizationURL: c.authorizationUrl,
      tokenURL: c.tokenUrl,
      // Overridden on every request with the absolute ${PUBLIC_URL}/api/auth/{provider}/callback.
      callbackURL: `/api/auth/${provider}/callback`,
      scope: SCOPES[provider],
      store: store as unknown as StateStore,
      passReqToCallback: true as const,
    };
  };
  if (social.google) {
    const options = { ...base('google', social.google), userProfileURL: social.google.profileUrl, pkce: true };
    passport.use('google', new GoogleBearerStrategy(options, verifier('google')));
  }
  if (social.facebook) {
    const options = {
      ...base('facebook', social.facebook),
      profileURL: social.facebook.profileUrl,
      profileFields: ['id', 'displayName', 'emails'],
      enableProof: true,
    };
    passport.use('facebook', new FacebookStrategy(options, verifier('facebook')));
  }
}
