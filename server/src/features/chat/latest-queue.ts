/**
 * One task at a time per key, and only the latest wish counts: a push waits
 * `settleMs` (up to a quarter more, at random) before its task runs (pushes
 * meanwhile join it), and a push
 * while the key's task runs asks for one more run after it, however many
 * pushes came. So a key runs at most once per `settleMs` and holds at most
 * one pending run, and memory is bounded by the keys active at the moment.
 * Suits work that reads the current state itself (it does not need each
 * push's payload).
 */
export class LatestQueue {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(private readonly settleMs = 0) {}

  push(key: string, task: () => Promise<void>): void {
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    const run = async () => {
      do {
        this.again.delete(key);
        // let the change's own request finish first, and the changes right after it join this run
        await new Promise((resolve) => (this.settleMs > 0 ? setTimeout(resolve, this.wait()) : setImmediate(resolve)));
        this.again.delete(key);
        await task().catch(() => undefined); // the task reports its own failures
      } while (this.again.has(key));
      this.running.delete(key);
    };
    this.running.set(key, run());
  }

  /** The settle time with up to a quarter more at random, so keys pushed together do not all run together. */
  private wait(): number {
    return this.settleMs * (1 + Math.random() / 4);
  }

  /** Resolves once nothing runs or waits. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Keys running or waiting now. */
  get size(): number {
    return this.running.size;
  }
}
