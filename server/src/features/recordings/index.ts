import path from 'node:path';
import { Op } from 'sequelize';
import { recordingSchemas } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import { on } from '../../realtime/on';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { Guards } from '../auth/guards';
import type { MediaService } from '../media/media-service';
import type { StorageQuota } from '../uploads';
import { LiveRecordings } from './live-recordings';
import { LlmMinutes } from './minutes/llm';
import { ExtractiveSummariser, type MinutesEngine } from './minutes/summariser';
import type { RequirePlanFeature } from './plan-features';
import type { RecordingConfig } from './recording-config';
import { JobQueue, type JobHandlers, type JobKind, type RecordingJobs } from './recording-jobs';
import { BullRecordingJobs, jobsPrefix } from './recording-jobs-bullmq';
import { RecordingProcessing } from './recording-processing';
import { LocalDiskStorage } from './storage/local-disk';
import { S3Storage } from './storage/s3';
import type { RecordingStorage } from './storage/storage';
import { recordingRoutes } from './recordings.routes';
import { salvageNotice } from './salvage-notice';
import type { Sessions } from '../sessions';
import type { Mailer } from '../mail/mailer';
import type { TranscriptEngine } from './transcript/engine';
import { HttpTranscriptEngine } from './transcript/http-engine';
import { PocketsphinxEngine } from './transcript/pocketsphinx';

export { defineRecording } from './recording.model';

export interface RecordingsDeps {
  models: Models;
  logger: Logger;
  guards: Guards;
  quota: StorageQuota;
  config: RecordingConfig;
  dataDir: string;
  secret: string;
  publicUrl: () => string;
  postToRoom: (roomId: number, userId: number, html: string) => Promise<boolean>;
  sessions: Sessions;
  mailer: Mailer;
  /** The plans feature's check (features/plans): a team without recording is PLAN_FEATURE_UNAVAILABLE. */
  requirePlanFeature: RequirePlanFeature;
  /** Tests swap the engines (a failing one, a local HTTP server). */
  engines?: { transcript?: TranscriptEngine; minutes?: MinutesEngine };
  storage?: RecordingStorage;
  /** Set: the jobs run on BullMQ in this Redis, under a prefix made from the database's URL. */
  redisUrl?: string | undefined;
  databaseUrl: string;
}

export function transcriptEngineOf(config: RecordingConfig['transcript']): TranscriptEngine {
  return config.engine === 'http' ? new HttpTranscriptEngine(config) : new PocketsphinxEngine();
}
export function minutesEngineOf(config: RecordingConfig['minutes']): MinutesEngine {
  return config.engine === 'llm' ? new LlmMinutes(config) : new ExtractiveSummariser();
}

/**
 * Recording, transcripts and minutes (issue 17): REST routes, the recording:* socket
 * events, the recorder of each room (attached to the media feature once it exists)
 * and the job queue of transcripts and minutes.
 */
export function createRecordings(deps: RecordingsDeps) {
  const { models, logger, config } = deps;
  const dir = config.dir ?? path.join(deps.dataDir, 'recordings');
  const storage: RecordingStorage =
    deps.storage ??
    (config.storage.kind === 's3' ? new S3Storage(config.storage) : new LocalDiskStorage(path.join(dir, 'files')));
  const engines = {
    transcript: deps.engines?.transcript ?? transcriptEngineOf(config.transcript),
    minutes: deps.engines?.minutes ?? minutesEngineOf(config.minutes),
  };
  const processing = new RecordingProcessing({
    models,
    logger,
    storage,
    ffmpeg: config.ffmpeg,
    transcriptEngine: engines.transcript,
    minutesEngine: engines.minutes,
    postToRoom: deps.postToRoom,
    publicUrl: deps.publicUrl,
  });
  /** Queues a job in its recording's team's line (the queue takes teams in turn). */
  const queue = (kind: JobKind, id: number) => {
    void models.Recording.findByPk(id, { attributes: ['id', 'companyId'] })
      .then((row) => jobs.add(kind, id, row?.companyId ?? 0))
      .catch((err: unknown) => logger.warn({ err, kind, id }, 'recording job not queued'));
  };
  const handlers: JobHandlers = {
    transcript: (id) => processing.transcript(id, (next) => queue('minutes', next)),
    minutes: (id) => processing.minutes(id),
  };
  const jobs: RecordingJobs = deps.redisUrl
    ? new BullRecordingJobs({ redisUrl: deps.redisUrl, prefix: jobsPrefix(deps.databaseUrl) }, handlers, logger)
    : new JobQueue(handlers, logger);
  const live = new LiveRecordings({
    models,
    logger,
    storage,
    quota: deps.quota,
    requirePlanFeature: deps.requirePlanFeature,
    workDir: path.join(dir, 'work'),
    ffmpeg: config.ffmpeg,
    reconnectGraceMs: config.reconnectGraceMs,
    finished: (id) => queue('transcript', id),
    tell: salvageNotice({ models, logger, sessions: deps.sessions, mailer: deps.mailer, publicUrl: deps.publicUrl }),
  });
  const routes = recordingRoutes({
    models,
    guards: deps.guards,
    storage,
    jobs,
    engine: engines.transcript,
    secret: deps.secret,
  });
  return {
    routers: [{ browser: routes.browser }, routes.api],
    live,
    jobs,
    engines,
    storage,
    attach(media: MediaService, io: IoServer, homes?: Parameters<LiveRecordings['attach']>[2]) {
      live.attach(media, io, homes);
    },
    register(socket: IoSocket) {
      const s = recordingSchemas;
      on(socket, 'recording:start', s['recording:start'], () => live.start(socket), logger);
      on(socket, 'recording:stop', s['recording:stop'], () => live.stop(socket), logger);
      on(socket, 'recording:list', s['recording:list'], () => live.list(socket), logger);
    },
    /** After a restart: recordings a crash cut are salvaged, cut jobs queued again. */
    async resume() {
      live.resume();
      const waiting = { [Op.in]: ['queued', 'generating'] };
      const attributes = ['id', 'companyId'];
      for (const r of await models.Recording.findAll({ where: { transcriptStatus: waiting }, attributes }))
        jobs.add('transcript', r.id, r.companyId ?? 0);
      for (const r of await models.Recording.findAll({ where: { minutesStatus: waiting }, attributes }))
        jobs.add('minutes', r.id, r.companyId ?? 0);
      jobs.start();
    },
    async close() {
      await live.stopAll();
      await jobs.close();
      storage.close?.();
    },
  };
}
export type RecordingsFeature = ReturnType<typeof createRecordings>;
