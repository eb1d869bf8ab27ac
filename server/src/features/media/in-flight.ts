/** Work by key that runs once at a time: a second ask for a key while its work runs gets that work's result. */
export class InFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.running.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
