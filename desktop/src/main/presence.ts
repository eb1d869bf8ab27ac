import type { PresenceStatus } from '@tsudoi/common/protocol/ipc';

export interface PresenceSnapshot {
  readonly status: PresenceStatus;
  readonly unreadCount: number;
}
export type PresenceListener = (snapshot: PresenceSnapshot) => void;

/** What the renderer last reported; the tray and badge render it. */
export class PresenceState {
  #snapshot: PresenceSnapshot = { status: 'available', unreadCount: 0 };
  readonly #listeners = new Set<PresenceListener>();

  get snapshot(): PresenceSnapshot {
    return this.#snapshot;
  }

  setStatus(status: PresenceStatus): void {
    this.#update({ ...this.#snapshot, status });
  }

  setUnreadCount(unreadCount: number): void {
    this.#update({ ...this.#snapshot, unreadCount });
  }

  /** Called on every actual change; returns the unsubscribe function. */
  onChange(listener: PresenceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #update(next: PresenceSnapshot): void {
    if (next.status === this.#snapshot.status && next.unreadCount === this.#snapshot.unreadCount) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener(next);
  }
}
