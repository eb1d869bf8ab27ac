import { Queue, Worker, type Job, type JobType } from 'bullmq';
import { clusterKey } from '../../lib/cluster-key';
import type { Logger } from '../../lib/logger';
import type { JobHandlers, JobKind, JobTeam, RecordingJobs } from './recording-jobs';

const QUEUE = 'recording-jobs';
const KINDS: readonly JobKind[] = ['transcript', 'minutes'];

/**
 * The Redis keys' prefix of one deployment's jobs, under its namespace (its
 * database's URL, hashed: `lib/cluster-key.ts`). Two deployments (or two test
 * servers) sharing a Redis never take each other's jobs (recording 5 of one
 * database is another recording in the next); a restarted server of the same
 * database finds its queue again.
 */
export const jobsPrefix = (databaseUrl: string): string => `${clusterKey(databaseUrl)}:jobs`;

/**
 * Transcript and minutes jobs on BullMQ (REDIS_URL set): the jobs live in
 * Redis, so a job queued before a restart (or by another server process) is
 * run after it; one worker per process, one job at a time (speech recognition
 * takes a core). The job id is `<kind>-<recordingId>`: queuing a recording
 * again while its job waits adds nothing. Finished jobs are removed (their
 * outcome is the recording row's state), so a regenerate can queue it again.
 * A job cut by a crash is found stalled (its lock expires) and run again;
 * `RecordingsFeature.resume()` also queues again what the rows say is unfinished.
 */
export class BullRecordingJobs implements RecordingJobs {
  private readonly queue: Queue;
  private worker: Worker | undefined;
  /** add() is synchronous for its callers: the pending Redis writes, awaited by idle(). */
  private readonly adding = new Set<Promise<unknown>>();

  constructor(
    private readonly options: { redisUrl: string; prefix: string },
    private readonly handlers: JobHandlers,
    private readonly logger: Logger,
  ) {
    this.queue = new Queue(QUEUE, { connection: this.connection(), prefix: options.prefix });
    this.queue.on('error', (err) => this.logger.warn({ err }, 'recording job queue'));
  }

  private connection() {
    // BullMQ's workers block on Redis: ioredis must not give up on a command
    return { url: this.options.redisUrl, maxRetriesPerRequest: null };
  }

  /**
   * A team's job goes behind the ones its team already has waiting or
   * running: its priority is 1 + that count (BullMQ runs lower numbers first,
   * in order within one), so every team's next job runs before any team's
   * one after (issue 25 §2: one team cannot hold the queue).
   */
  add(kind: JobKind, id: number, team: JobTeam): void {
    const added = this.count(team, ['active', 'waiting', 'prioritized', 'delayed'])
      .then((ahead) =>
        this.queue.add(
          kind,
          { id, team },
          { jobId: `${kind}-${id}`, priority: 1 + ahead, removeOnComplete: true, removeOnFail: true },
        ),
      )
      .catch((err: unknown) => this.logger.error({ err, kind, id }, 'recording job not queued'))
      .finally(() => this.adding.delete(added));
    this.adding.add(added);
  }

  waiting(team: JobTeam): Promise<number> {
    return this.count(team, ['waiting', 'prioritized', 'delayed']);
  }

  private async count(team: JobTeam, states: JobType[]): Promise<number> {
    const jobs = await this.queue.getJobs(states, 0, 999);
    return jobs.filter((j) => (j?.data as { team?: number } | undefined)?.team === team).length;
  }

  start(): void {
    if (this.worker) return;
    this.worker = new Worker(QUEUE, (job: Job<{ id: number }>) => this.run(job), {
      connection: this.connection(),
      prefix: this.options.prefix,
      concurrency: 1,
    });
    this.worker.on('error', (err) => this.logger.warn({ err }, 'recording job worker'));
    this.worker.on('failed', (job, err) => this.logger.warn({ err, job: job?.id }, 'recording job failed'));
  }

  private async run(job: Job<{ id: number }>): Promise<void> {
    const kind = KINDS.find((k) => k === job.name);
    if (!kind || !Number.isInteger(job.data?.id)) {
      this.logger.warn({ job: job.id, name: job.name }, 'unknown recording job dropped');
      return;
    }
    await this.handlers[kind](job.data.id);
  }

  /** The jobs of this deployment still waiting or running (tests, the restart check). */
  async pending(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'paused');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  async idle(): Promise<void> {
    for (;;) {
      while (this.adding.size) await Promise.all([...this.adding]);
      if ((await this.pending()) === 0 && !this.adding.size) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    while (this.adding.size) await Promise.all([...this.adding]);
    // waits for the job in hand; the waiting ones stay in Redis for the next start
    await this.worker?.close();
    await this.queue.close();
  }
}
