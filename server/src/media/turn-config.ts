import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * TURN for strict networks (issue 5): the ICE servers handed to clients in
 * `media:join`. Two ways to give credentials:
 *  - MEDIA_TURN_SECRET: coturn's shared secret (`use-auth-secret`,
 *    `static-auth-secret`); every join gets its own short-lived credentials
 *    (the "TURN REST API": username `<expiry>:<userId>`, password
 *    base64(HMAC-SHA1(secret, username))), so nothing long-lived reaches a
 *    browser;
 *  - MEDIA_TURN_USERNAME + MEDIA_TURN_CREDENTIAL: one fixed pair.
 * MEDIA_ICE_TRANSPORT_POLICY=relay makes clients use TURN only.
 */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const turnUrl = z.string().regex(/^(turns?|stuns?):[^\s,]+$/, 'each must start with turn:, turns:, stun: or stuns:');

export const turnEnvSchema = z.object({
  MEDIA_TURN_URLS: optional.pipe(
    z
      .string()
      .transform((v) => v.split(',').map((u) => u.trim()))
      .pipe(z.array(turnUrl).min(1).max(8))
      .optional(),
  ),
  MEDIA_TURN_SECRET: optional.pipe(z.string().min(16, 'at least 16 characters').optional()),
  MEDIA_TURN_USERNAME: optional,
  MEDIA_TURN_CREDENTIAL: optional,
  /** Lifetime of the per-join credentials, seconds. */
  MEDIA_TURN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86400)
    .default(86400),
  MEDIA_ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
});

export interface TurnConfig {
  urls: string[];
  credentials:
    | { kind: 'secret'; secret: string; ttl: number }
    | { kind: 'static'; username: string; credential: string }
    | null;
  policy: 'all' | 'relay';
}

/** The TURN part of the configuration, or a list of problems (one per line). */
export function turnConfig(e: z.output<typeof turnEnvSchema>): TurnConfig | string[] {
  const problems: string[] = [];
  const urls = e.MEDIA_TURN_URLS ?? [];
  const needsAuth = urls.some((u) => u.startsWith('turn'));
  if (e.MEDIA_TURN_SECRET && (e.MEDIA_TURN_USERNAME || e.MEDIA_TURN_CREDENTIAL))
    problems.push(
      'MEDIA_TURN_SECRET: set either the shared secret or MEDIA_TURN_USERNAME/MEDIA_TURN_CREDENTIAL, not both',
    );
  if (!e.MEDIA_TURN_USERNAME !== !e.MEDIA_TURN_CREDENTIAL)
    problems.push('MEDIA_TURN_USERNAME and MEDIA_TURN_CREDENTIAL: set both, or neither');
  if (needsAuth && !e.MEDIA_TURN_SECRET && !e.MEDIA_TURN_USERNAME)
    problems.push(
      'MEDIA_TURN_URLS: a turn: server needs MEDIA_TURN_SECRET or MEDIA_TURN_USERNAME/MEDIA_TURN_CREDENTIAL',
    );
  if (!urls.length && (e.MEDIA_TURN_SECRET || e.MEDIA_TURN_USERNAME))
    problems.push('MEDIA_TURN_URLS: credentials are set but no server');
  if (e.MEDIA_ICE_TRANSPORT_POLICY === 'relay' && !needsAuth)
    problems.push('MEDIA_ICE_TRANSPORT_POLICY: relay needs a turn: server in MEDIA_TURN_URLS');
  if (problems.length) return problems;
  const credentials = e.MEDIA_TURN_SECRET
    ? { kind: 'secret' as const, secret: e.MEDIA_TURN_SECRET, ttl: e.MEDIA_TURN_TTL }
    : e.MEDIA_TURN_USERNAME && e.MEDIA_TURN_CREDENTIAL
      ? { kind: 'static' as const, username: e.MEDIA_TURN_USERNAME, credential: e.MEDIA_TURN_CREDENTIAL }
      : null;
  return { urls, credentials, policy: e.MEDIA_ICE_TRANSPORT_POLICY };
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** The ICE servers for one user's join (fresh short-lived credentials with a shared secret). */
export function iceServersFor(turn: TurnConfig, userId: number, now = Date.now()): IceServer[] {
  if (!turn.urls.length) return [];
  const stun = turn.urls.filter((u) => u.startsWith('stun'));
  const relay = turn.urls.filter((u) => u.startsWith('turn'));
  const servers: IceServer[] = stun.length ? [{ urls: stun }] : [];
  if (!relay.length || !turn.credentials) return servers;
  if (turn.credentials.kind === 'static') {
    servers.push({ urls: relay, username: turn.credentials.username, credential: turn.credentials.credential });
    return servers;
  }
  const username = `${Math.floor(now / 1000) + turn.credentials.ttl}:${userId}`;
  const credential = crypto.createHmac('sha1', turn.credentials.secret).update(username).digest('base64');
  servers.push({ urls: relay, username, credential });
  return servers;
}
