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
import { AuditLog, createAdminFeature, type AdminFeature } from './admin';
import { CompanyService, companyRoutes } from './companies';
import { adminInvitationRoutes, InvitationService, invitationRoutes } from './invitations';
import { filesRoutes, ImageStore, StorageQuota, UploadBudget, UploadSweeper } from './uploads';
import { StagingStorage } from './uploads/staging';
import { ProfileFeed, profileRoutes } from './users';
import { createFloorFeature, type FloorFeature } from './floors';
import { systemClock, type Clock } from '../lib/clock';
import { createFloorLive, type FloorLive } from './floors/live';
import { createGuestFeature } from './floors/guests';
import { createChat, type Chat } from './chat';
import { createVirtualBackgrounds } from './virtual-backgrounds';
import { createAppointments, type AppointmentService } from './appointments';
import { createVisits, type Visits } from './appointments/visits';
import { createActivities, type ActivityService } from './activities';
import { createSocketAuthenticator } from './auth/socket-auth';
import { passwordChangeRoutes } from './auth/password-change.routes';
import { Sessions } from './sessions';
import type { SocketAuthenticator } from '../realtime/types';
import { wireRevocation } from './sessions/revocation';
import { guessingAlert } from './floors/guests/guessing-alert';
import { correctionNotice } from './attendance/correction-notice';
import { AppError } from '../http/app-error';
import { createAttendance, type Attendance } from './attendance';
import { createBilling } from './billing';
import type { BillingService, ContactService } from './billing';
import { PlanGate } from './plans';
import { publicSiteRoutes } from './public-site';
import { createRecordings, type RecordingsFeature } from './recordings';
import { recordingFileSource } from './recordings/admin-file-source';
import { clusterKey } from '../lib/cluster-key';
import { createCompanyUploads } from './company-uploads';
import { companyShareFileSource } from './company-uploads/admin-file-source';
import type { LimitStore } from '../lib/rate-limit';

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
  /** Virtual background routes and their clean-up tasks. */
  virtualBackgrounds: ReturnType<typeof createVirtualBackgrounds>;
  /** The storage quota per company and the sweeper of expired and orphan files (started by server.ts). */
  uploads: { quota: StorageQuota; sweeper: UploadSweeper };
  /** The socket auth middleware (access token in `auth.token`). */
  socketAuth: SocketAuthenticator;
  /** Open sockets per sign-in and per account, ended when either is revoked (attached once Socket.IO exists). */
  sessions: Sessions;
  /** Attendance, shifts and time logs (attached once the Socket.IO server exists). */
  attendance: Attendance;
  /** Recording, transcripts and minutes (its recorder attached once media and Socket.IO exist). */
  recordings: RecordingsFeature;
  clock: Clock;
  /** The platform admin's console: audit log, and the registry of stored-file sources (recordings register theirs). */
  admin: AdminFeature;
  /** Plans and payments (trial job started by server.ts) and the contact form. */
  billing: BillingService;
  contact: ContactService;
  /** `plans.requirePlanFeature(companyId, feature)`: Business-only features call it (features/plans). */
  plans: PlanGate;
  /** Server-rendered public pages (landing, pricing, contact, legal, /test), mounted before the floor UI. */
  pages: Router;
  /** Bookings of meeting rooms and guest lounges (issue 16). */
  appointments: AppointmentService;
  /** Profile changes told to the account's open tabs and its floors; `profile:update` (attached once Socket.IO exists). */
  profiles: ProfileFeed;
  /** Guest visits: lobby, room holds and appointment events (attached once the Socket.IO server exists). */
  visits: Visits;
  activities: ActivityService;
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
  // rate limits: this deployment's counters in Redis, under its namespace (deployments may share one Redis)
  const limits: LimitStore | undefined = redis && { client: redis, namespace: clusterKey(config.databaseUrl) };
  const limiter = new LoginLimiter(limits);
  const sessions = new Sessions(logger);
  const social = createSocialSignIn({ config, logger, models, passport, tokens, auth, limiter, publicUrl });
  const images = new ImageStore(path.join(config.dataDir, 'uploads'));
  const companies = new CompanyService(models);
  const invitations = new InvitationService({ models, mailer, publicUrl, logger });
  const accounts = new AccountLifecycle(models, tokens);
  const floors = createFloorFeature({ models, clock, mailer, logger, guards, dataDir: config.dataDir, publicUrl });
  const live = createFloorLive({
    models,
    clock,
    logger,
    redis,
    trustProxy: config.trustProxy,
    clusterKey: clusterKey(config.databaseUrl),
  });
  floors.rooms.onChanged((room) => {
    live.roomChanged(room).catch((err: unknown) => logger.warn({ err }, 'room change not sent to the floor'));
  });
  floors.participants.onChanged((floorId) => live.accessChanged(floorId));
  floors.floors.onChanged((floorId) => live.accessChanged(floorId));
  const profiles = new ProfileFeed(models, live, logger);
  const socketAuth = createSocketAuthenticator(models, config.jwtSecret, tokens);
  const appointments = createAppointments({ models, clock, mailer, logger, publicUrl, guards, redis: limits });
  const visits = createVisits({ models, clock, logger, appointments: appointments.appointments, live });
  const activities = createActivities({
    models,
    clock,
    guards,
    tell: (news) =>
      news.kind === 'deleted'
        ? live.tellFloor(news.floorId, 'activity:deleted', { id: news.id, floorId: news.floorId })
        : live.tellFloor(news.activity.floorId, `activity:${news.kind}`, news.activity),
  });
  const guests = createGuestFeature({
    models,
    clock,
    secret: config.jwtSecret,
    redis: limits,
    passwords: live.floorPasswords,
    guards,
    admitGuest: (participant) => appointments.appointments.admitGuest(participant),
    identities: config.guestIdentities,
  });
  const quota = new StorageQuota(models, config.uploads.quota);
  const budget = new UploadBudget(models, clock, config.uploads.budgets);
  const audit = new AuditLog(models);
  const chat = createChat({
    models,
    clock,
    logger,
    redis: limits,
    guards,
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
    quota,
    budget,
    audit,
    uploads: config.uploads,
  });
  floors.participants.onChanged((floorId) => chat.accessChanged(floorId));
  live.gates.guestDismissed.push((floorId, userId) => floors.participants.dismissed(floorId, userId));
  live.floorPasswords.onGuessing(guessingAlert({ models, sessions, mailer, logger, publicUrl }));
  // chat membership follows where people are (room and floor conversations), off the moves' path
  live.watchPlaces((change) => chat.placeChanged(change));
  floors.floors.onChanged((floorId) => chat.accessChanged(floorId));
  wireRevocation({
    logger,
    sessions,
    live,
    accounts,
    companies,
    participants: floors.participants,
    social: social.accounts,
  });
  const virtualBackgrounds = createVirtualBackgrounds({
    models,
    guards,
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
    quota,
    budget,
  });
  const plans = new PlanGate(models);
  const attendance = createAttendance({ models, guards, clock, logger, plans });
  // the presence timecard follows who is on a floor (opt-in per company; it only suggests)
  live.watchPlaces((change) => attendance.presence.placeChanged(change));
  attendance.timeLogs.onCorrected(correctionNotice({ models, sessions, mailer, audit, logger, publicUrl }));
  const billing = createBilling({ config, models, clock, mailer, logger, guards, publicUrl });
  const recordings = createRecordings({
    models,
    logger,
    sessions,
    mailer,
    guards,
    quota,
    config: config.recordings,
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    secret: config.jwtSecret,
    publicUrl,
    postToRoom: (roomId, userId, html) => chat.postToRoom(roomId, userId, html),
    // recording is Business only: the plans feature decides; the refusal keeps recording's own message
    // (PLAN_FEATURE_UNAVAILABLE, in the socket's language), as the check has no locale to name the feature in
    requirePlanFeature: async (companyId, feature) => {
      await plans.requirePlanFeature(companyId, feature).catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        if (code === 'PLAN_FEATURE_REQUIRED' || code === 'TEAM_NOT_FOUND')
          throw new AppError('PLAN_FEATURE_UNAVAILABLE', { values: { feature } });
        throw error;
      });
    },
  });
  live.watchPlaces((change) => recordings.live.placeChanged(change));
  const companyUploads = createCompanyUploads({ models, guards, dataDir: config.dataDir, quota });
  const sweeper = new UploadSweeper(clock, logger);
  for (const task of [...chat.sweepTasks(), ...virtualBackgrounds.sweepTasks(), ...companyUploads.sweepTasks()])
    sweeper.add(task);
  const staging = new StagingStorage(path.join(config.dataDir, 'staging'));
  // a staged file older than an hour belongs to no upload still running (a crash left it)
  sweeper.add({ name: 'stagedLeftovers', run: (now) => staging.sweep(now, 3600_000) });
  const admin = createAdminFeature({
    models,
    guards,
    tokens,
    floors: floors.floors,
    participants: floors.participants,
    clock,
    uploadStores: { chat: chat.files, backgrounds: virtualBackgrounds.files },
    audit,
  });
  admin.fileSources.register(recordingFileSource(models, recordings.storage));
  admin.fileSources.register(companyShareFileSource(models, companyUploads.service));
  return {
    routers: [
      { browser: social.browser },
      // stored images are read by <img> tags, which cannot send the API key: served before it
      { browser: filesRoutes(images) },
      { browser: billing.webhook },
      authRoutes({ auth, tokens, passport, guards, limiter, mailLimiter: new MailLimiter(limits), sessions }),
      passwordChangeRoutes({ guards, tokens, limiter, sessions }),
      social.api,
      companyRoutes({ companies, guards, images }),
      invitationRoutes({ models, invitations, companies, guards }),
      adminInvitationRoutes({ invitations, guards, audit: admin.audit }),
      profileRoutes({ guards, images, feed: profiles }),
      adminUserRoutes({ accounts, guards, audit: admin.audit }),
      admin.router,
      ...floors.routers,
      guests.router,
      chat.router,
      virtualBackgrounds.router,
      attendance.router,
      companyUploads.router,
      billing.router,
      ...recordings.routers,
      appointments.router,
      activities.router,
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
    uploads: { quota, sweeper },
    socketAuth,
    sessions,
    profiles,
    attendance,
    recordings,
    clock,
    admin,
    billing: billing.billing,
    contact: billing.contact,
    plans,
    pages: publicSiteRoutes({ contact: billing.contact }),
    appointments: appointments.appointments,
    visits,
    activities: activities.activities,
  };
}
