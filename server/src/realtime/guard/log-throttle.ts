import { performance } from 'node:perf_hooks';
import type { Logger } from '../../lib/logger';

export interface LogThrottleOptions {
  /** Lines written per kind within one window. */
  lines: number;
  /** The window, in milliseconds. */
  windowMs: number;
  now?: () => number;
  /** Runs `task` after `ms` (default: an unref'd timer, so it never keeps the process alive). */
  schedule?: (task: () => void, ms: number) => void;
}

interface Window {
  startedAt: number;
  count: number;
  /** The first suppressed occurrence's details (an example for the summary line). */
  example: Record<string, unknown> | undefined;
  /** The summary of this window is scheduled. */
  scheduled: boolean;
  message: string;
}

/**
 * Rate-limited logging with counters: per kind of event at most `lines`
 * lines a window; what is held back is counted (total and per window) and
 * reported in one summary line when the next occurrence comes after the
 * window, or on `flush()`. A flood of bad events costs a counter increment,
 * not a log line each.
 */
export class LogThrottle {
  private readonly windows = new Map<string, Window>();
  /** Every occurrence per kind since start, logged or not. */
  readonly totals = new Map<string, number>();
  /** Occurrences held back per kind since start. */
  readonly suppressed = new Map<string, number>();
  private readonly now: () => number;
  private readonly schedule: (task: () => void, ms: number) => void;

  constructor(
    private readonly logger: Logger,
    private readonly options: LogThrottleOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.schedule = options.schedule ?? ((task, ms) => setTimeout(task, ms).unref());
  }

  warn(kind: string, details: Record<string, unknown>, message: string): void {
    this.totals.set(kind, (this.totals.get(kind) ?? 0) + 1);
    const t = this.now();
    let w = this.windows.get(kind);
    if (w && t - w.startedAt >= this.options.windowMs) {
      this.close(kind, w);
      w = undefined;
    }
    if (!w) {
      w = { startedAt: t, count: 0, example: undefined, scheduled: false, message };
      this.windows.set(kind, w);
    }
    w.count += 1;
    if (w.count <= this.options.lines) {
      this.logger.warn({ ...details, kind, total: this.totals.get(kind) }, message);
      return;
    }
    w.example ??= details;
    this.suppressed.set(kind, (this.suppressed.get(kind) ?? 0) + 1);
    if (!w.scheduled) {
      w.scheduled = true;
      const open = w;
      this.schedule(() => this.close(kind, open), Math.max(0, open.startedAt + this.options.windowMs - t));
    }
  }

  /** Writes the summary of every open window with held-back lines. */
  flush(): void {
    for (const [kind, w] of [...this.windows]) this.close(kind, w);
  }

  /** Ends a window (once): its summary line when lines were held back. */
  private close(kind: string, w: Window): void {
    if (this.windows.get(kind) !== w) return;
    this.windows.delete(kind);
    const held = w.count - this.options.lines;
    if (held <= 0) return;
    this.logger.warn(
      { kind, suppressed: held, total: this.totals.get(kind), example: w.example },
      `${w.message} (${held} more within ${Math.round(this.options.windowMs / 1000)} s not logged)`,
    );
  }
}
