/**
 * Media tasks run one at a time in the order they were queued (spec §4:
 * "Tasks are queued and run one at a time"): joining a room, producing,
 * consuming and closing never interleave. A failing task does not stop the
 * queue; its error goes to `onError`.
 */
export class TaskQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  push<T>(task: () => Promise<T>): Promise<T | undefined> {
    this.pending += 1;
    const run = this.tail.then(task).then(
      (value) => value,
      (error: unknown) => {
        this.onError(error);
        return undefined;
      },
    );
    this.tail = run.then(() => {
      this.pending -= 1;
    });
    return run;
  }

  /** Tasks queued or running. */
  get size(): number {
    return this.pending;
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }
}
