import { z } from 'zod';
import type { S3StorageConfig } from './storage/s3';

const opt = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** The recording settings of the environment (documented in .env.example). */
export const recordingEnvSchema = z.object({
  /** Where recordings are stored (local disk storage); default <DATA_DIR>/recordings. */
  RECORDING_DIR: opt,
  /** 'local' (files under RECORDING_DIR) or 's3' (an S3-compatible bucket, RECORDING_S3_*). */
  RECORDING_STORAGE: z.enum(['local', 's3']).default('local'),
  RECORDING_S3_BUCKET: opt,
  RECORDING_S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible server's URL (MinIO, Ceph, R2, …); empty for AWS. */
  RECORDING_S3_ENDPOINT: opt.pipe(z.url().optional()),
  /** Path-style URLs (endpoint/bucket/key); default: on when an endpoint is set. */
  RECORDING_S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '']).optional(),
  RECORDING_S3_PREFIX: opt,
  /** Static keys; both empty uses the AWS SDK's default chain (environment, instance role). */
  RECORDING_S3_ACCESS_KEY_ID: opt,
  RECORDING_S3_SECRET_ACCESS_KEY: opt,
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /**
   * How long a recording waits for its room's media to come back when the room's media ended but
   * people still have their place there (their connection dropped): the spec gives no period.
   */
  RECORDING_RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** 'pocketsphinx' (offline, English only) or 'http' (an OpenAI-compatible /v1/audio/transcriptions server). */
  TRANSCRIPT_ENGINE: z.enum(['pocketsphinx', 'http']).default('pocketsphinx'),
  TRANSCRIPT_HTTP_URL: opt,
  TRANSCRIPT_HTTP_KEY: opt,
  TRANSCRIPT_HTTP_MODEL: z.string().min(1).default('whisper-1'),
  /** Languages the HTTP engine's model understands, comma separated (shown in the UI). */
  TRANSCRIPT_HTTP_LANGUAGES: z.string().min(1).default('ja,en'),
  /** 'extractive' (offline) or 'llm' (an OpenAI-compatible /v1/chat/completions server). */
  MINUTES_ENGINE: z.enum(['extractive', 'llm']).default('extractive'),
  MINUTES_LLM_URL: opt,
  MINUTES_LLM_KEY: opt,
  MINUTES_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
});

export interface RecordingConfig {
  dir: string | undefined;
  storage: { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);
  ffmpeg: string;
  /** RECORDING_RECONNECT_GRACE_SECONDS in ms. */
  reconnectGraceMs: number;
  transcript:
    | { engine: 'pocketsphinx' }
    | { engine: 'http'; url: string; apiKey: string | undefined; model: string; languages: string[] };
  minutes: { engine: 'extractive' } | { engine: 'llm'; url: string; apiKey: string | undefined; model: string };
}

export function recordingConfig(e: z.infer<typeof recordingEnvSchema>): RecordingConfig {
  const transcript: RecordingConfig['transcript'] =
    e.TRANSCRIPT_ENGINE === 'http' && e.TRANSCRIPT_HTTP_URL
      ? {
          engine: 'http',
          url: e.TRANSCRIPT_HTTP_URL,
          apiKey: e.TRANSCRIPT_HTTP_KEY,
          model: e.TRANSCRIPT_HTTP_MODEL,
          languages: e.TRANSCRIPT_HTTP_LANGUAGES.split(',').map((l) => l.trim()),
        }
      : { engine: 'pocketsphinx' };
  const minutes: RecordingConfig['minutes'] =
    e.MINUTES_ENGINE === 'llm' && e.MINUTES_LLM_URL
      ? { engine: 'llm', url: e.MINUTES_LLM_URL, apiKey: e.MINUTES_LLM_KEY, model: e.MINUTES_LLM_MODEL }
      : { engine: 'extractive' };
  return {
    dir: e.RECORDING_DIR,
    storage: storageConfig(e),
    ffmpeg: e.FFMPEG_PATH,
    reconnectGraceMs: e.RECORDING_RECONNECT_GRACE_SECONDS * 1000,
    transcript,
    minutes,
  };
}

function storageConfig(e: z.infer<typeof recordingEnvSchema>): RecordingConfig['storage'] {
  if (e.RECORDING_STORAGE === 'local') return { kind: 'local' };
  if (!e.RECORDING_S3_BUCKET) throw new Error('RECORDING_STORAGE=s3 needs RECORDING_S3_BUCKET');
  const id = e.RECORDING_S3_ACCESS_KEY_ID;
  const secret = e.RECORDING_S3_SECRET_ACCESS_KEY;
  if (Boolean(id) !== Boolean(secret))
    throw new Error('RECORDING_S3_ACCESS_KEY_ID and RECORDING_S3_SECRET_ACCESS_KEY go together');
  const prefix = e.RECORDING_S3_PREFIX?.replace(/^\/+|\/+$/g, '') ?? '';
  return {
    kind: 's3',
    bucket: e.RECORDING_S3_BUCKET,
    region: e.RECORDING_S3_REGION,
    endpoint: e.RECORDING_S3_ENDPOINT,
    forcePathStyle: e.RECORDING_S3_FORCE_PATH_STYLE
      ? e.RECORDING_S3_FORCE_PATH_STYLE === 'true'
      : Boolean(e.RECORDING_S3_ENDPOINT),
    prefix: prefix ? `${prefix}/` : '',
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
  };
}
