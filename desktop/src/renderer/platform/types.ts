import type {
  AppInfo,
  DesktopApi,
  DesktopEventName,
  DesktopEvents,
  DesktopNotification,
  PresenceStatus,
  ScreenChoice,
} from '@tsudoi/common';

/**
 * What the floor UI asks of the machine it runs on. The desktop app answers
 * through the preload bridge; a browser does what a web page can.
 */
export interface Platform {
  readonly kind: 'desktop' | 'browser';
  /** Mirrors the user's activeStatus outside the page (tray icon on desktop). */
  setPresence(status: PresenceStatus): Promise<void>;
  /** Unread mentions and messages: tray and dock/taskbar badge, app badge in browsers. */
  setUnreadCount(count: number): Promise<void>;
  /** Mirrors the microphone state (the tray's "mute microphone" check). */
  setMicMuted(muted: boolean): Promise<void>;
  getAppInfo(): Promise<AppInfo>;
  /**
   * A knock, mention, private message or reminder: a native notification while
   * the window is hidden or unfocused. False when none was shown (show it in the page).
   */
  notify(notification: DesktopNotification): Promise<boolean>;
  /** Desktop only: getDisplayMedia goes through the in-app picker, answered here. */
  chooseScreenSource(choice: ScreenChoice): Promise<void>;
  /** Events from the machine (tray, idle, links, picker); none in a browser. Returns the unsubscribe function. */
  on<E extends DesktopEventName>(event: E, listener: (payload: DesktopEvents[E]) => void): () => void;
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
