import crypto from 'node:crypto';
import type { CookieOptions, Request } from 'express';

/** How long a person may spend at the provider between leaving and coming back. */
export const STATE_TTL_MS = 10 * 60_000;

interface StoredState {
  /** The `state` sent to the provider. */
  s: string;
  /** PKCE code verifier, when the provider uses PKCE. */
  v: string | null;
  /** Issued at (ms), checked on return as well as the cookie's own expiry. */
  t: number;
}

type StoreCallback = (err: Error | null, state?: string) => void;
type VerifyCallback = (err: Error | null, ok: string | boolean, info?: { message: string }) => void;

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * passport-oauth2 state store without server sessions: the CSRF `state` (and
 * the PKCE verifier) live in a short-lived, signed, httpOnly, SameSite=Lax
 * cookie scoped to the provider's routes. The provider's redirect back is a
 * top-level GET navigation, so Lax still sends it; another site cannot make a
 * browser present a matching state. The cookie is cleared on return, so each
 * state works once. Needs cookie-parser (with a secret) before the routes.
 */
export class CookieStateStore {
  constructor(
    readonly cookieName: string,
    readonly path: string,
    private readonly secure: () => boolean,
  ) {}

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure(), path: this.path, signed: true };
  }

  /** Arity 5 on purpose: passport-oauth2 then passes the PKCE verifier (undefined without PKCE). */
  store(req: Request, verifier: string | undefined, _state: unknown, _meta: unknown, callback: StoreCallback): void {
    const state = crypto.randomBytes(24).toString('base64url');
    const stored: StoredState = { s: state, v: verifier ?? null, t: Date.now() };
    req.res!.cookie(this.cookieName, stored, { ...this.options(), maxAge: STATE_TTL_MS });
    callback(null, state);
  }

  verify(req: Request, provided: string | undefined, callback: VerifyCallback): void {
    const stored = (req.signedCookies as Record<string, unknown> | undefined)?.[this.cookieName] as
      | StoredState
      | false
      | undefined;
    req.res!.clearCookie(this.cookieName, this.options());
    const valid =
      !!stored &&
      typeof stored.s === 'string' &&
      typeof provided === 'string' &&
      sameText(stored.s, provided) &&
      Date.now() - stored.t <= STATE_TTL_MS;
    if (!valid) return callback(null, false, { message: 'Invalid authorization request state.' });
    callback(null, stored.v ?? true);
  }
}
