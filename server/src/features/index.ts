import type { Router } from 'express';
import type { BrowserRoutes } from '../app';
import type { RedisClientType } from 'redis';
import type { Config } from '../config';
import type { Models } from '../db/models';
import type { Logger } from '../lib/logger';
import { AuthService } from './auth/auth.service';
import { authRoutes } from './auth/auth.routes';
import { createGuards, type Guards } from './auth/guards';
import { LoginLimiter } from './auth/login-limiter';
import { MailLimiter } from './auth/mail-limiter';
import { createPassport } from './auth/passport';
import { createSocialSignIn, type SocialAccounts } from './auth/social';
import { TokenService } from './auth/tokens.service';
import { createMailer, type Mailer } from './mail/mailer';
import path from 'node:path';
import { AccountLifecycle, adminUserRoutes } from './admin-users';
import { CompanyService, companyRoutes } from './companies';
import { InvitationService, invitationRoutes } from './invitations';
import { filesRoutes, ImageStore } from './uploads';
import { profileRoutes } from './users';
import { createFloorFeature, type FloorFeature } from './floors';
import { systemClock, type Clock } from '../lib/clock';
import { createFloorLive, type FloorLive } from './floors/live';
import { createGuestFeature } from './floors/guests';
import { createChat, type Chat } from './chat';
import { createVirtualBackgrounds } from './virtual-backgrounds';
import { createSocketAuthenticator } from './auth/socket-auth';
import type { SocketAuthenticator } from '../realtime/types';

export interface FeatureDeps {
  config: Config;
  logger: Logger;
  models: Models;
  redis: RedisClientType | undefined;
  publicUrl: () => string;
  /** The time source of time rules (floors); tests pass a clock they move. */
  clock?: Clock;
}

export interface Features {
  routers: (Router | BrowserRoutes)[];
  guards: Guards;
  mailer: Mailer;
  auth: AuthService;
  tokens: TokenService;
  social: SocialAccounts;
  images: ImageStore;
  companies: CompanyService;
  invitations: InvitationService;
  accounts: AccountLifecycle;
  floors: FloorFeature;
  /** The live floor over Socket.IO (attached once the Socket.IO server exists). */
  live: FloorLive;
  /** Chat over Socket.IO, uploads and attachments (attached once the Socket.IO server exists). */
  chat: Chat;
  /** Virtual background routes and the sweep of files whose rows are gone. */
  virtualBackgrounds: ReturnType<typeof createVirtualBackgrounds>;
  /** The socket auth middleware (access token in `auth.token`). */
  socketAuth: SocketAuthenticator;
  clock: Clock;
}

/** Builds every feature's services once and the API routers they expose. */
export function createFeatures({
  config,
  logger,
  models,
  redis,
  publicUrl,
  clock = systemClock,
}: FeatureDeps): Features {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    logger,
  });
  const tokens = new TokenService(models, config.jwtSecret);
  const auth = new AuthService({ models, tokens, mailer, publicUrl });
  const passport = createPassport(models, config.jwtSecret, tokens);
  const guards = createGuards(passport);
  const limiter = new LoginLimiter(redis);
  const social = createSocialSignIn({ config, logger, models, passport, tokens, auth, limiter, publicUrl });
  const images = new ImageStore(path.join(config.dataDir, 'uploads'));
  const companies = new CompanyService(models);
  const invitations = new InvitationService({ models, mailer, publicUrl, logger });
  const accounts = new AccountLifecycle(models, tokens);
  const floors = createFloorFeature({ models, clock, mailer, logger, guards, dataDir: config.dataDir, publicUrl });
  const live = createFloorLive({ models, clock, logger, redis });
  floors.rooms.onChanged((room) => {
    live.roomChanged(room).catch((err: unknown) => logger.warn({ err }, 'room change not sent to the floor'));
  });
  floors.participants.onChanged((floorId) => live.accessChanged(floorId));
  floors.floors.onChanged((floorId) => live.accessChanged(floorId));
  const socketAuth = createSocketAuthenticator(models, config.jwtSecret, tokens);
  const guests = createGuestFeature({
    models,
    clock,
    secret: config.jwtSecret,
    redis,
    passwords: live.floorPasswords,
    guards,
  });
  const chat = createChat({
    models,
    clock,
    logger,
    redis,
    guards,
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
  });
  floors.participants.onChanged((floorId) => chat.accessChanged(floorId));
  floors.floors.onChanged((floorId) => chat.accessChanged(floorId));
  const virtualBackgrounds = createVirtualBackgrounds({
    models,
    guards,
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
  });
  return {
    routers: [
      { browser: social.browser },
      // stored images are read by <img> tags, which cannot send the API key: served before it
      { browser: filesRoutes(images) },
      authRoutes({ auth, tokens, passport, guards, limiter, mailLimiter: new MailLimiter(redis) }),
      social.api,
      companyRoutes({ companies, guards, images }),
      invitationRoutes({ models, invitations, companies, guards }),
      profileRoutes({ guards, images }),
      adminUserRoutes({ accounts, guards }),
      ...floors.routers,
      guests.router,
      chat.router,
      virtualBackgrounds.router,
    ],
    guards,
    mailer,
    auth,
    tokens,
    social: social.accounts,
    images,
    companies,
    invitations,
    accounts,
    floors,
    live,
    chat,
    virtualBackgrounds,
    socketAuth,
    clock,
  };
}
