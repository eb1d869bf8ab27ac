/** How a queued value ended: applied, or replaced by a newer one before its turn. */
export type QueueOutcome = 'applied' | 'superseded';

interface Waiting<T> {
  value: T;
  resolve(outcome: QueueOutcome): void;
  reject(error: unknown): void;
}

/**
 * Pending effects queue and the latest one wins (spec §4): values are applied
 * one at a time; while one is being applied only the newest pushed value
 * waits — an older waiting value is dropped (its promise says 'superseded').
 * A value whose apply throws rejects its own promise and the queue goes on.
 */
export class LatestQueue<T> {
  private waiting: Waiting<T> | null = null;
  private running = false;

  constructor(private readonly apply: (value: T) => Promise<void>) {}

  push(value: T): Promise<QueueOutcome> {
    return new Promise<QueueOutcome>((resolve, reject) => {
      this.waiting?.resolve('superseded');
      this.waiting = { value, resolve, reject };
      if (!this.running) void this.drain();
    });
  }

  /** Applying or waiting. */
  get busy(): boolean {
    return this.running;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting) {
        const job = this.waiting;
        this.waiting = null;
        try {
          await this.apply(job.value);
          job.resolve('applied');
        } catch (error) {
          job.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
