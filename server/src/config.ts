import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { turnConfig, turnEnvSchema, type TurnConfig } from './media/turn-config';
import { uploadConfig, uploadEnvSchema, type UploadConfig } from './features/uploads/upload-config';
import { billingConfig, billingEnvSchema, type BillingConfig } from './features/billing/billing-config';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { guestIdentityLimits, socketEnvSchema, socketLimitsFromEnv } from './realtime/guard/socket-env';
import { recordingConfig, recordingEnvSchema, type RecordingConfig } from './features/recordings/recording-config';
import type { SocketLimits } from './realtime/guard/limits';

/** Repository root (server/src/config.ts → ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const DEV_API_KEY = 'tsudoi-dev-key';
const DEV_ADMIN_KEY = 'secret';
const DEV_JWT_SECRET = 'tsudoi-dev-jwt-secret-not-for-production';

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    API_KEY: optionalString,
    ADMIN_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{3,64}$/, 'letters, digits, _ or -, 3 to 64')
        .optional(),
    ),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'at least 32 characters').optional()),
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: optionalString,
    REDIS_URL: optionalString.pipe(z.url().optional()),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().min(3).default('Tsudoi <no-reply@tsudoi.local>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    MEDIASOUP_NUM_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    MEDIASOUP_LISTEN_IP: z.string().min(1).default('127.0.0.1'),
    MEDIASOUP_ANNOUNCED_IP: optionalString,
    /** First WebRtcServer port; worker i listens on base + i. 0 picks free ports. */
    MEDIASOUP_WEBRTC_PORT: port.default(44444),
    MEDIASOUP_RTC_MIN_PORT: port.default(40000),
    MEDIASOUP_RTC_MAX_PORT: port.default(49999),
    MEDIASOUP_WORKER_BIN: optionalString,
    /** Peers on one router of a room before the room spreads to another worker (pipeToRouter). */
    MEDIA_PEERS_PER_ROUTER: z.coerce.number().int().min(1).max(1000).default(25),
    /** With several processes: a hall's (the stage's) audience receives from its own process, piped from the home (0: off). */
    MEDIA_HALL_PIPES: z.enum(['0', '1']).default('1'),
    UI_DIST_DIR: optionalString,
    ADMIN_DIST_DIR: optionalString,
    /** Social sign-in (a provider without its id and secret is disabled). The *_URL overrides exist for tests and proxies. */
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_AUTHORIZATION_URL: optionalString.pipe(z.url().optional()),
    GOOGLE_TOKEN_URL: optionalString.pipe(z.url().optional()),
    GOOGLE_USERINFO_URL: optionalString.pipe(
      z
        .url()
        .refine((v) => new URL(v).pathname.endsWith('/userinfo'), 'must end with /userinfo (OpenID Connect userinfo)')
        .optional(),
    ),
    FACEBOOK_APP_ID: optionalString,
    FACEBOOK_APP_SECRET: optionalString,
    FACEBOOK_AUTHORIZATION_URL: optionalString.pipe(z.url().optional()),
    FACEBOOK_TOKEN_URL: optionalString.pipe(z.url().optional()),
    FACEBOOK_PROFILE_URL: optionalString.pipe(z.url().optional()),
    /** Who may set X-Forwarded-For (http/trust-proxy.ts); unset: nobody. */
    TRUST_PROXY: optionalString,
  })
  .extend(turnEnvSchema.shape)
  .extend(uploadEnvSchema.shape)
  .extend(socketEnvSchema.shape)
  .extend(billingEnvSchema.shape)
  .extend(recordingEnvSchema.shape);

export type Env = z.input<typeof envSchema>;

/** One OAuth 2.0 identity provider: credentials and its three endpoints. */
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Google: the OpenID Connect userinfo endpoint; Facebook: the Graph API /me endpoint. */
  profileUrl: string;
}

export const SOCIAL_DEFAULTS = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    profileUrl: 'https://graph.facebook.com/v21.0/me',
  },
} as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string | undefined;
  apiKey: string;
  adminKey: string;
  jwtSecret: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  media: {
    numWorkers: number;
    listenIp: string;
    announcedIp: string | undefined;
    webRtcPort: number;
    rtcMinPort: number;
    rtcMaxPort: number;
    workerBin: string | undefined;
    /** Peers on one router of a room before it spreads to another worker. */
    peersPerRouter: number;
    /** A hall's audience on another process receives from a router there (hall-edge.ts). */
    hallPipes: boolean;
    /** TURN servers handed to clients (none configured: an empty list). */
    turn: TurnConfig;
  };
  uiDistDir: string;
  adminDistDir: string;
  /** Peers whose X-Forwarded-For names the client (false: none; every per-address limit counts the TCP peer). */
  trustProxy: TrustProxy;
  /** Upload limits, storage quotas per plan and the attachment expiry. */
  uploads: UploadConfig;
  /** Recording storage, ffmpeg, transcript and minutes engines (issue 17). */
  recordings: RecordingConfig;
  /** Social sign-in providers; undefined = disabled (its routes answer 404 NOT_FOUND). */
  social: { google: SocialProviderConfig | undefined; facebook: SocialProviderConfig | undefined };
  /** Socket abuse limits (realtime/guard); the open-socket caps come from SOCKET_MAX_*. */
  sockets: SocketLimits;
  /** New account-less guest identities per address (GUEST_NEW_PER_ADDRESS): floors/guests. */
  guestIdentities: ReturnType<typeof guestIdentityLimits>;
  /** Card payment (Stripe), the operator's address for contact inquiries, the trial job's interval. */
  billing: BillingConfig;
  version: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment once, validates it and fails fast with one message
 * that lists every problem. Production refuses to start without its secrets;
 * development and test fall back to documented defaults.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing = (['API_KEY', 'ADMIN_KEY', 'JWT_SECRET'] as const).filter((name) => production && !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing secrets for production: ${missing.join(', ')}. Set them in the environment (see .env.example).`,
    );
  }
  if (e.MEDIASOUP_RTC_MIN_PORT > e.MEDIASOUP_RTC_MAX_PORT) {
    throw new ConfigError('Invalid configuration:\n  - MEDIASOUP_RTC_MIN_PORT: must not exceed MEDIASOUP_RTC_MAX_PORT');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof Error) throw new ConfigError(`Invalid configuration:\n  - ${trustProxy.message}`);
  const turn = turnConfig(e);
  if (Array.isArray(turn)) throw new ConfigError(`Invalid configuration:\n${turn.map((p) => `  - ${p}`).join('\n')}`);
  const billing = billingConfig(e);
  if (typeof billing === 'string') throw new ConfigError(`Invalid configuration:\n  - ${billing}`);
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const provider = (
    idVar: 'GOOGLE_CLIENT_ID' | 'FACEBOOK_APP_ID',
    secretVar: 'GOOGLE_CLIENT_SECRET' | 'FACEBOOK_APP_SECRET',
    urls: Omit<SocialProviderConfig, 'clientId' | 'clientSecret'>,
  ): SocialProviderConfig | undefined => {
    const [clientId, clientSecret] = [e[idVar], e[secretVar]];
    if (!clientId && !clientSecret) return undefined;
    if (!clientId || !clientSecret)
      throw new ConfigError(`Invalid configuration:\n  - ${idVar} and ${secretVar}: set both to enable, or neither`);
    return { clientId, clientSecret, ...urls };
  };
  const social = {
    google: provider('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', {
      authorizationUrl: e.GOOGLE_AUTHORIZATION_URL ?? SOCIAL_DEFAULTS.google.authorizationUrl,
      tokenUrl: e.GOOGLE_TOKEN_URL ?? SOCIAL_DEFAULTS.google.tokenUrl,
      profileUrl: e.GOOGLE_USERINFO_URL ?? SOCIAL_DEFAULTS.google.profileUrl,
    }),
    facebook: provider('FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET', {
      authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL ?? SOCIAL_DEFAULTS.facebook.authorizationUrl,
      tokenUrl: e.FACEBOOK_TOKEN_URL ?? SOCIAL_DEFAULTS.facebook.tokenUrl,
      profileUrl: e.FACEBOOK_PROFILE_URL ?? SOCIAL_DEFAULTS.facebook.profileUrl,
    }),
  };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    apiKey: e.API_KEY ?? DEV_API_KEY,
    adminKey: e.ADMIN_KEY ?? DEV_ADMIN_KEY,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'tsudoi.sqlite')}`,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    media: {
      numWorkers: e.MEDIASOUP_NUM_WORKERS ?? Math.max(1, os.availableParallelism()),
      listenIp: e.MEDIASOUP_LISTEN_IP,
      announcedIp: e.MEDIASOUP_ANNOUNCED_IP,
      webRtcPort: e.MEDIASOUP_WEBRTC_PORT,
      rtcMinPort: e.MEDIASOUP_RTC_MIN_PORT,
      rtcMaxPort: e.MEDIASOUP_RTC_MAX_PORT,
      workerBin: e.MEDIASOUP_WORKER_BIN,
      peersPerRouter: e.MEDIA_PEERS_PER_ROUTER,
      hallPipes: e.MEDIA_HALL_PIPES === '1',
      turn,
    },
    uiDistDir: path.resolve(REPO_ROOT, e.UI_DIST_DIR ?? 'desktop/dist/web'),
    adminDistDir: path.resolve(REPO_ROOT, e.ADMIN_DIST_DIR ?? 'web-admin/dist'),
    trustProxy,
    uploads: uploadConfig(e),
    recordings: recordingConfig(e),
    social,
    sockets: socketLimitsFromEnv(e),
    guestIdentities: guestIdentityLimits(e),
    billing,
    version,
  };
}
