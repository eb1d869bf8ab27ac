import type { PresenceReason, PresenceStatus } from '@tsudoi/common/protocol/ipc';
import type { PowerMonitorApi } from './electron-api';

export type AwayReason = 'idle' | 'lock' | 'suspend';

/** Five minutes without input counts as away; checked every 15 s. */
export const IDLE_THRESHOLD_SECONDS = 300;
export const IDLE_POLL_MS = 15_000;

export interface Timers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface IdleWatcherDeps {
  powerMonitor: PowerMonitorApi;
  timers?: Timers;
  thresholdSeconds?: number;
  pollMs?: number;
  /** A reason to be away began (called for each one). */
  onAway(reason: AwayReason): void;
  /** Every reason has ended: the user is back. */
  onBack(): void;
}

/**
 * Watches the machine for the user leaving: no input for the threshold, the
 * screen locked, the system suspended. Each is a separate reason; the user is
 * back once none is left (a resume with the screen still locked is not back).
 */
export class IdleWatcher {
  readonly #reasons = new Set<AwayReason>();
  readonly #deps: Required<IdleWatcherDeps>;
  #handle: unknown = null;

  constructor(deps: IdleWatcherDeps) {
    this.#deps = { timers: globalThis, thresholdSeconds: IDLE_THRESHOLD_SECONDS, pollMs: IDLE_POLL_MS, ...deps };
  }

  get reasons(): ReadonlySet<AwayReason> {
    return this.#reasons;
  }

  start(): void {
    const { powerMonitor, timers, pollMs } = this.#deps;
    powerMonitor.on('lock-screen', () => this.#add('lock'));
    powerMonitor.on('unlock-screen', () => this.#remove('lock'));
    powerMonitor.on('suspend', () => this.#add('suspend'));
    powerMonitor.on('resume', () => {
      this.poll(); // first: a screen still locked keeps the user away
      this.#remove('suspend');
    });
    this.#handle = timers.setInterval(() => this.poll(), pollMs);
    // Node's timers would keep a test process alive; Electron's app keeps running anyway.
    (this.#handle as { unref?(): void } | null)?.unref?.();
  }

  stop(): void {
    if (this.#handle !== null) this.#deps.timers.clearInterval(this.#handle);
    this.#handle = null;
  }

  /** Reads the system idle state (Linux reports a locked screen here when it has no lock events). */
  poll(): void {
    const state = this.#deps.powerMonitor.getSystemIdleState(this.#deps.thresholdSeconds);
    if (state === 'idle') this.#add('idle');
    else if (state === 'locked') this.#add('lock');
    else if (state === 'active') this.#remove('idle', 'lock');
  }

  #add(reason: AwayReason): void {
    if (this.#reasons.has(reason)) return;
    this.#reasons.add(reason);
    this.#deps.onAway(reason);
  }

  #remove(...reasons: AwayReason[]): void {
    const removed = reasons.filter((reason) => this.#reasons.delete(reason));
    if (removed.length > 0 && this.#reasons.size === 0) this.#deps.onBack();
  }
}

/**
 * Turns away/back into activeStatus requests. Away: available or busy become
 * away (a meeting survives mere inactivity — people watch without typing —
 * but not a locked screen or a suspend); a status the user chose as away
 * stays. Back: the status from before, unless the user picked another one
 * meanwhile.
 */
export class AutoAway {
  #restoreTo: PresenceStatus | null = null;

  constructor(
    private readonly current: () => PresenceStatus,
    private readonly request: (status: PresenceStatus, reason: PresenceReason) => void,
  ) {}

  get active(): boolean {
    return this.#restoreTo !== null;
  }

  away(reason: AwayReason): void {
    const status = this.current();
    if (this.#restoreTo !== null || status === 'away' || (reason === 'idle' && status === 'meeting')) return;
    this.#restoreTo = status;
    this.request('away', reason);
  }

  back(): void {
    const restoreTo = this.#restoreTo;
    this.#restoreTo = null;
    if (restoreTo !== null && this.current() === 'away') this.request(restoreTo, 'back');
  }

  /** The user (tray) or the floor (renderer) set a status: it wins over the automatic one. */
  statusChosen(status: PresenceStatus): void {
    if (status !== 'away') this.#restoreTo = null;
  }
}
