/**
 * Media tasks run one at a time in the order they were queued (spec §4:
 * "Tasks are queued and run one at a time"): joining a room, producing,
 * consuming and closing never interleave. A failing task does not stop the
 * queue; its error goes to `onError`. A task pushed while nothing is queued
 * or running starts at once, inside `push`: the join of a room is sent in
 * the same turn as the floor's answer that asked for it, not after the
 * page's re-render that the same answer scheduled (about 0.1 s at a join).
 */
export class TaskQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  push<T>(task: () => Promise<T>): Promise<T | undefined> {
    const idle = this.pending === 0;
    this.pending += 1;
    const run = (idle ? start(task) : this.tail.then(task)).then(
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

/** Runs `task` now; a synchronous throw becomes a rejection, as in a `then`. */
function start<T>(task: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(task());
  } catch (error) {
    return Promise.reject(error);
  }
}
