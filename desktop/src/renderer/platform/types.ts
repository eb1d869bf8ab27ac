import type { AppInfo, DesktopApi, PresenceStatus } from '@tsudoi/common';

/**
 * What the floor UI asks of the machine it runs on. The desktop app answers
 * through the preload bridge; a browser does what a web page can.
 */
export interface Platform {
  readonly kind: 'desktop' | 'browser';
  /** Mirrors the user's status outside the page (tray icon on desktop). */
  setPresence(status: PresenceStatus): Promise<void>;
  /** Unread mentions and messages: dock/taskbar badge, app badge in browsers. */
  setUnreadCount(count: number): Promise<void>;
  getAppInfo(): Promise<AppInfo>;
}

/** The parts of `window` the platform layer reads (a real window satisfies it). */
export interface PlatformHost {
  readonly desktop?: DesktopApi;
  readonly location: { readonly origin: string };
  readonly navigator: {
    setAppBadge?(contents?: number): Promise<void>;
    clearAppBadge?(): Promise<void>;
  };
}
