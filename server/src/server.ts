import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sequelize } from 'sequelize';
import type { Express } from 'express';
import type { Config } from './config';
import { createLogger, type Logger } from './lib/logger';
import { createClient, type RedisClientType } from 'redis';
import { createSequelize, migrate } from './db';
import { defineModels, type Models } from './db/models';
import { createFeatures, type Features } from './features';
import { WorkerPool } from './media/worker-pool';
import { createMedia } from './features/media';
import { createStage, type StageFeature } from './features/stage';
import { createRealtime, type Realtime } from './realtime/io';
import { createApp } from './app';
import type { Clock } from './lib/clock';
import { clusterKey } from './lib/cluster-key';

export interface RunningServer {
  url: string;
  config: Config;
  logger: Logger;
  app: Express;
  http: http.Server;
  realtime: Realtime;
  sequelize: Sequelize;
  models: Models;
  features: Features;
  media: WorkerPool;
  /** The stage (presentations, conferences): tests reach its host watch. */
  stage: StageFeature;
  close(): Promise<void>;
}

/**
 * Starts the whole server: database (migrated), media workers, Express and
 * Socket.IO on one HTTP server. Tests call this with port 0 and a fresh
 * database; main.ts calls it with the environment's configuration.
 */
export async function startServer(
  config: Config,
  logger = createLogger(config.logLevel),
  options: { clock?: Clock } = {},
): Promise<RunningServer> {
  const sequelize = createSequelize(config.databaseUrl, logger);
  const media = new WorkerPool({ ...config.media, logger });
  const cleanup: (() => Promise<unknown>)[] = [() => sequelize.close()];
  try {
    await sequelize.authenticate();
    await migrate(sequelize, logger);
    cleanup.unshift(() => media.close());
    await media.start();

    const models = defineModels(sequelize);
    let redis: RedisClientType | undefined;
    if (config.redisUrl) {
      redis = createClient({ url: config.redisUrl });
      redis.on('error', (err) => logger.error({ err }, 'redis error'));
      await redis.connect();
      const client = redis;
      cleanup.unshift(() => client.quit());
    }
    let publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
    const features = createFeatures({
      config,
      logger,
      models,
      redis,
      publicUrl: () => publicUrl,
      clock: options.clock,
    });
    cleanup.unshift(async () => features.mailer.close());
    // expired attachments and orphan files: once now, then every UPLOAD_SWEEP_INTERVAL_MIN
    await features.uploads.sweeper.sweep();
    features.uploads.sweeper.start(config.uploads.sweepIntervalMs);
    cleanup.unshift(() => features.uploads.sweeper.stop());
    // trial end notices and ended trials: once now, then every BILLING_SWEEP_INTERVAL_MIN
    await features.billing.sweep().catch((err: unknown) => logger.error({ err }, 'trial job failed'));
    features.billing.start(config.billing.sweepIntervalMs);
    cleanup.unshift(async () => features.billing.stop());
    const app = createApp({
      config,
      logger,
      sequelize,
      media,
      apiRouters: features.routers,
      pageRouters: [features.pages],
    });
    const server = http.createServer(app);
    const mediaFeature = createMedia({
      models,
      pool: media,
      logger,
      live: features.live,
      turn: config.media.turn,
      peersPerRouter: config.media.peersPerRouter,
      cluster: redis && {
        redis,
        prefix: clusterKey(config.databaseUrl),
        ...(config.media.hallPipes ? { pool: media } : {}),
      },
    });
    cleanup.unshift(async () => mediaFeature.close());
    const stage = createStage({
      models,
      logger,
      clock: features.clock,
      live: features.live,
      media: mediaFeature.service,
      silence: (floorId, roomId, userId) => mediaFeature.gateway.silence(floorId, roomId, userId),
    });
    const realtime = await createRealtime(server, {
      redisUrl: config.redisUrl,
      redisKey: clusterKey(config.databaseUrl),
      logger,
      authenticate: features.socketAuth,
      features: [
        features.sessions.register,
        features.profiles.register,
        features.live.register,
        features.chat.register,
        mediaFeature.register,
        features.recordings.register,
        features.visits.register,
        stage.register,
      ],
      limits: config.sockets,
      trustProxy: config.trustProxy,
      rateLimitStore: redis && { client: redis, namespace: clusterKey(config.databaseUrl) },
    });
    cleanup.unshift(() => realtime.close());
    mediaFeature.attach(realtime.io);
    features.sessions.attach(realtime.io);
    features.profiles.attach(realtime.io);
    features.live.attach(realtime.io);
    await features.visits.attach(realtime.io);
    cleanup.unshift(() => features.visits.close());
    features.chat.attach(realtime.io);
    features.attendance.attach(realtime.io);
    features.recordings.attach(mediaFeature.service, realtime.io, mediaFeature.gateway);
    stage.attach(realtime.io);
    cleanup.unshift(() => stage.close());
    // recordings stop (and are kept) before the media and the database close
    cleanup.unshift(() => features.recordings.close());
    await features.recordings.resume();
    cleanup.unshift(() => features.chat.idle());
    cleanup.unshift(() => features.live.close());
    // first of all: the clients whose media is here join again on another process, while Socket.IO still reaches them
    cleanup.unshift(() => mediaFeature.handOver());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    publicUrl = (config.publicUrl ?? url).replace(/\/$/, '');

    let closed: Promise<void> | undefined;
    const close = () =>
      (closed ??= (async () => {
        // a service manager's SIGTERM reaches the whole process group: the workers may be ending already
        media.stopReplacing();
        server.closeIdleConnections();
        for (const step of cleanup) await step().catch((err: unknown) => logger.warn({ err }, 'close step failed'));
      })());
    return { url, config, logger, app, http: server, realtime, sequelize, models, features, media, stage, close };
  } catch (error) {
    for (const step of cleanup) await step().catch(() => undefined);
    throw error;
  }
}
