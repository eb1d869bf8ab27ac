import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';

/** One kind of clean-up: answers how many files or rows it removed or expired. */
export interface SweepTask {
  name: string;
  run(now: Date): Promise<number>;
}

/**
 * The stored files' clean-up, once at start and then every interval:
 * expired chat attachments, files without a row, rows without a file,
 * uploads never sent and staged files left by a crash (the tasks are the
 * features'). Time is read from the injected Clock, so a test moves a
 * ManualClock and calls sweep(). Every task is safe on several processes at
 * once (removing a file twice or expiring a row twice changes nothing).
 */
export class UploadSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Record<string, number>> | undefined;
  private readonly tasks: SweepTask[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  add(task: SweepTask): void {
    this.tasks.push(task);
  }

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((err: unknown) => this.logger.error({ err }, 'upload sweep failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** One pass over every task; a pass asked for while one runs waits for it. Answers the counts by task. */
  async sweep(): Promise<Record<string, number>> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.pass();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const task of this.tasks) {
      try {
        counts[task.name] = await task.run(this.clock.now());
      } catch (err) {
        // one task failing (a full disk, a lost database connection) does not stop the others
        this.logger.error({ err, task: task.name }, 'upload sweep task failed');
        counts[task.name] = 0;
      }
    }
    const changed = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    if (Object.keys(changed).length > 0) this.logger.info(changed, 'stored files swept');
    return counts;
  }
}
