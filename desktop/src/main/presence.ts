import type { PresenceStatus } from '@tsudoi/common/protocol/ipc';

export interface PresenceSnapshot {
  readonly status: PresenceStatus;
  readonly unreadCount: number;
  readonly micMuted: boolean;
}
export type PresenceListener = (snapshot: PresenceSnapshot) => void;

/** The user's activeStatus, unread count and microphone as the tray and badge show them. */
export class PresenceState {
  #snapshot: PresenceSnapshot = { status: 'available', unreadCount: 0, micMuted: false };
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

  setMicMuted(micMuted: boolean): void {
    this.#update({ ...this.#snapshot, micMuted });
  }

  /** Called on every actual change; returns the unsubscribe function. */
  onChange(listener: PresenceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #update(next: PresenceSnapshot): void {
    const current = this.#snapshot;
    if (
      next.status === current.status &&
      next.unreadCount === current.unreadCount &&
      next.micMuted === current.micMuted
    ) {
      return;
    }
    this.#snapshot = next;
    for (const listener of this.#listeners) listener(next);
  }
}
