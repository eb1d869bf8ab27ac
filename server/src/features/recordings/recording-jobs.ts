import type { Logger } from '../../lib/logger';

export type JobKind = 'transcript' | 'minutes';
export type JobHandlers = Record<JobKind, (recordingId: number) => Promise<void>>;

/**
 * The queue of transcripts and minutes. In-process by default; BullMQ on Redis
 * when REDIS_URL is set (recording-jobs-bullmq.ts), where jobs outlive the
 * process and any server process of the deployment runs them.
 */
export interface RecordingJobs {
  /** Queues a job; one already waiting for the same recording is not queued twice. */
  add(kind: JobKind, id: number): void;
  /** Starts running jobs (after start-up). */
  start(): void;
  /** Resolves once no job is waiting or running (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for the running one; waiting jobs stay queued where the queue keeps them. */
  close(): Promise<void>;
}

/**
 * The in-process job queue of transcripts and minutes: one job at a time (speech
 * recognition takes a core), a job already waiting is not queued twice. Jobs are
 * not kept in memory only: their state is the recording row's status column
 * ('queued' / 'generating'), and `RecordingsFeature.resume()` queues them again
 * after a restart.
 */
export class JobQueue implements RecordingJobs {
  private readonly waiting: { kind: JobKind; id: number }[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly logger: Logger,
  ) {}

  add(kind: JobKind, id: number): void {
    if (this.waiting.some((j) => j.kind === kind && j.id === id)) return;
    this.waiting.push({ kind, id });
    this.running ??= this.drain();
  }

  start(): void {}

  async close(): Promise<void> {
    await this.idle();
  }

  /** Resolves once no job is waiting or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (let job = this.waiting.shift(); job; job = this.waiting.shift()) {
        try {
          await this.handlers[job.kind](job.id);
        } catch (err) {
          this.logger.warn({ err, job }, 'recording job failed');
        }
      }
    } finally {
      this.running = null;
    }
  }
}
