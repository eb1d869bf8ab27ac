/**
 * Runs tasks one at a time per key, in the order they arrive. A user's moves
 * and status changes go through it, so the presence batch (built from each
 * task's result) ends with the state the database ends with.
 *
 * `runLatest` coalesces: of the tasks of one slot (e.g. a user's room moves)
 * still waiting for their turn, only the newest runs; an older one is
 * answered at once with the error `superseded()` makes. So a user's queue
 * holds at most one running task and one waiting task per slot, however fast
 * requests arrive.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  /** Per key and slot: how to refuse the task now waiting there. */
  private readonly waiting = new Map<string, (error: Error) => void>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  runLatest<T>(key: string, slot: string, task: () => Promise<T>, superseded: () => Error): Promise<T> {
    const id = `${key}\n${slot}`;
    this.waiting.get(id)?.(superseded());
    return new Promise<T>((resolve, reject) => {
      let refused = false;
      const refuse = (error: Error) => {
        refused = true;
        reject(error);
      };
      this.waiting.set(id, refuse);
      void this.run(key, async () => {
        if (refused) return;
        if (this.waiting.get(id) === refuse) this.waiting.delete(id);
        try {
          resolve(await task());
        } catch (error) {
          reject(error as Error);
        }
      });
    });
  }
}
