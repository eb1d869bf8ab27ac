import type { Logger } from '../../lib/logger';

export type JobKind = 'transcript' | 'minutes';
export type JobHandlers = Record<JobKind, (recordingId: number) => Promise<void>>;

/** The team a job is for (its recording's company; 0 without one): the queue is fair between teams. */
export type JobTeam = number;

/** Jobs a team may have waiting before a regenerate is refused (RECORDING_QUEUE_FULL); recordings' own jobs always queue. */
export const TEAM_WAITING_CAP = 3;

/**
 * The queue of transcripts and minutes. In-process by default; BullMQ on Redis
 * when REDIS_URL is set (recording-jobs-bullmq.ts), where jobs outlive the
 * process and any server process of the deployment runs them.
 */
export interface RecordingJobs {
  /** Queues a job; one already waiting for the same recording is not queued twice. */
  add(kind: JobKind, id: number, team: JobTeam): void;
  /** How many jobs of a team wait (not counting the one running). */
  waiting(team: JobTeam): Promise<number>;
  /** Starts running jobs (after start-up). */
  start(): void;
  /** Resolves once no job is waiting or running (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for the running one; waiting jobs stay queued where the queue keeps them. */
  close(): Promise<void>;
}

/**
 * The in-process job queue of transcripts and minutes: one job at a time (speech
 * recognition takes a core), a job already waiting is not queued twice, and the
 * teams take turns (issue 25 §2): each team has its own line, and the next job
 * is the first of the team served longest ago (a team never served first), so
 * a team that queued many waits behind every other team's next one. Jobs are
 * not kept in memory only: their state is the recording row's status column
 * ('queued' / 'generating'), and `RecordingsFeature.resume()` queues them again
 * after a restart.
 */
export class JobQueue implements RecordingJobs {
  /** Per team, its waiting jobs in order (a team's place in the map: when its line began). */
  private readonly lines = new Map<JobTeam, { kind: JobKind; id: number }[]>();
  /** When each team was last served (a running count). */
  private readonly served = new Map<JobTeam, number>();
  private turn = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly logger: Logger,
  ) {}

  add(kind: JobKind, id: number, team: JobTeam): void {
    for (const line of this.lines.values()) if (line.some((j) => j.kind === kind && j.id === id)) return;
    const line = this.lines.get(team);
    if (line) line.push({ kind, id });
    else this.lines.set(team, [{ kind, id }]);
    this.running ??= this.drain();
  }

  waiting(team: JobTeam): Promise<number> {
    return Promise.resolve(this.lines.get(team)?.length ?? 0);
  }

  start(): void {}

  async close(): Promise<void> {
    await this.idle();
  }

  /** Resolves once no job is waiting or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The first job of the team served longest ago. */
  private next(): { kind: JobKind; id: number } | undefined {
    let pick: JobTeam | undefined;
    for (const team of this.lines.keys())
      if (pick === undefined || (this.served.get(team) ?? -1) < (this.served.get(pick) ?? -1)) pick = team;
    if (pick === undefined) return undefined;
    const line = this.lines.get(pick)!;
    const job = line.shift();
    if (line.length === 0) this.lines.delete(pick);
    this.served.set(pick, ++this.turn);
    return job;
  }

  private async drain(): Promise<void> {
    try {
      for (let job = this.next(); job; job = this.next()) {
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
