import { ROOM_INVITATION_TIMEOUT_MS } from '@tsudoi/common/domain/constants';
import type { DesktopNotification } from '@tsudoi/common/protocol/ipc';
import type { ElectronMain, NotificationApi } from './electron-api';

export interface NotificationDeps {
  Notification: ElectronMain['Notification'];
  /** True while the user looks at the window: the page shows its own toast then. */
  isAttentive(): boolean;
  /** A click: show the window at this path. */
  open(path: string): void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
}

/**
 * Native notifications for knocks, mentions, private messages and appointment
 * reminders, shown only while the window is hidden, minimized or unfocused.
 * A knock disappears when its invitation expires (10 s). Shown notifications
 * are kept referenced until closed: Electron drops the click handler of one
 * that was garbage-collected.
 */
export class NotificationCenter {
  readonly #shown = new Set<NotificationApi>();

  constructor(private readonly deps: NotificationDeps) {}

  get shownCount(): number {
    return this.#shown.size;
  }

  show({ kind, title, body, path }: DesktopNotification): boolean {
    const { Notification, isAttentive, open } = this.deps;
    if (isAttentive() || !Notification.isSupported()) return false;
    const notification = new Notification({
      title,
      body,
      // Knocks ask for an answer now: keep them on screen where the system allows it.
      urgency: kind === 'knock' ? 'critical' : 'normal',
      timeoutType: kind === 'knock' ? 'never' : 'default',
    });
    this.#shown.add(notification);
    notification.on('close', () => this.#shown.delete(notification));
    notification.on('click', () => {
      this.#shown.delete(notification);
      open(path);
    });
    notification.show();
    if (kind === 'knock') {
      const later = this.deps.setTimeout ?? globalThis.setTimeout;
      later(() => {
        if (this.#shown.delete(notification)) notification.close();
      }, ROOM_INVITATION_TIMEOUT_MS);
    }
    return true;
  }

  closeAll(): void {
    for (const notification of this.#shown) notification.close();
    this.#shown.clear();
  }
}
