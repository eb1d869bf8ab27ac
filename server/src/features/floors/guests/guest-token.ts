import jwt from 'jsonwebtoken';
import { hmacKey } from '../../auth/jwt-key';

/** A guest session lasts 12 hours; after it the guest joins again through their link. */
export const GUEST_TOKEN_TTL_S = 12 * 3600;
const AUDIENCE = 'guest';

export interface GuestClaims {
  /** The guest's user id (a user of type 'guest'). */
  sub: string;
  /** The one floor the session is for. */
  fid: number;
  /** Their participant row on that floor. */
  pid: number;
}

/**
 * Guest session tokens: HS256 JWTs with audience 'guest', bound to one floor
 * and one participant. The REST strategies only take audiences 'user' and
 * 'admin', so a guest token opens no REST route.
 */
export function signGuestToken(secret: string, claims: GuestClaims): { token: string; expiresAt: Date } {
  const token = jwt.sign(claims, hmacKey(secret), {
    algorithm: 'HS256',
    expiresIn: GUEST_TOKEN_TTL_S,
    issuer: 'tsudoi',
    audience: AUDIENCE,
  });
  const { exp } = jwt.decode(token) as { exp: number };
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The claims of a valid guest token, else null (bad signature, expired, another audience, wrong shape). */
export function verifyGuestToken(secret: string, token: string): GuestClaims | null {
  try {
    const claims = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'], issuer: 'tsudoi', audience: AUDIENCE });
    if (typeof claims !== 'object') return null;
    const { sub, fid, pid } = claims as Partial<GuestClaims>;
    const whole = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
    return typeof sub === 'string' && whole(Number(sub)) && whole(fid) && whole(pid) ? { sub, fid, pid } : null;
  } catch {
    return null;
  }
}
