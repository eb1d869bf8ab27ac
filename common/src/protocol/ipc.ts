import { z } from 'zod';

/**
 * The desktop bridge: what the preload exposes as `window.desktop`, and the
 * IPC channels behind it. Main validates every payload with these schemas
 * and checks the sender's origin; events flow back on IPC_EVENTS.
 */
export const IPC_CHANNELS = {
  getAppInfo: 'app:getInfo',
  setPresence: 'presence:set',
  setUnreadCount: 'presence:setUnread',
  setMicMuted: 'presence:setMicMuted',
  showWindow: 'window:show',
  notify: 'notification:show',
  chooseScreenSource: 'screen:choose',
} as const;
export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

/** Main → renderer events (webContents.send), one payload each. */
export const IPC_EVENTS = {
  presenceRequested: 'presence:requested',
  micMuteRequested: 'mic:muteRequested',
  navigate: 'app:navigate',
  screenPickRequested: 'screen:pickRequested',
} as const;
export type DesktopEventName = keyof typeof IPC_EVENTS;

/** The user's activeStatus as the tray shows it. */
export const PRESENCE_STATUSES = ['available', 'busy', 'away', 'meeting'] as const;
export const presenceSchema = /* @__PURE__ */ z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceSchema>;

/** A path of the app (`/floors/12?app_id=x`): one leading slash, never `//host` or a backslash. */
export const appPathSchema = /* @__PURE__ */ z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'an app path');

export const NOTIFICATION_KINDS = ['knock', 'mention', 'message', 'reminder'] as const;
export const desktopNotificationSchema = /* @__PURE__ */ z.strictObject({
  kind: /* @__PURE__ */ z.enum(NOTIFICATION_KINDS),
  title: /* @__PURE__ */ z.string().trim().min(1).max(200),
  body: /* @__PURE__ */ z.string().max(1000),
  /** Where a click on the notification takes the user. */
  path: appPathSchema,
});
export type DesktopNotification = z.infer<typeof desktopNotificationSchema>;

/** The picker's answer: the chosen source, or null when the user cancelled. */
export const screenChoiceSchema = /* @__PURE__ */ z.strictObject({
  requestId: /* @__PURE__ */ z.string().min(1).max(64),
  sourceId: /* @__PURE__ */ z.string().min(1).max(256).nullable(),
});
export type ScreenChoice = z.infer<typeof screenChoiceSchema>;

// Literal keys (`satisfies` checks them against IPC_CHANNELS) and pure
// annotations let bundlers drop zod where only the channel names are used:
// the preload stays small.
export const ipcPayloadSchemas = {
  'app:getInfo': /* @__PURE__ */ z.undefined(),
  'presence:set': presenceSchema,
  'presence:setUnread': /* @__PURE__ */ z.number().int().min(0).max(1_000_000),
  'presence:setMicMuted': /* @__PURE__ */ z.boolean(),
  'window:show': /* @__PURE__ */ z.undefined(),
  'notification:show': desktopNotificationSchema,
  'screen:choose': screenChoiceSchema,
} as const satisfies Record<IpcChannel, z.ZodType>;

export interface AppInfo {
  version: string;
  platform: string;
  serverUrl: string;
}

/** A screen or window the user may share, as the picker shows it. */
export interface ScreenSource {
  id: string;
  name: string;
  kind: 'screen' | 'window';
  /** data: URL of a PNG thumbnail. */
  thumbnail: string;
  /** data: URL of the window's application icon, when the system has one. */
  appIcon: string | null;
}

/** Why main asks the renderer to change the activeStatus. */
export type PresenceReason = 'tray' | 'idle' | 'lock' | 'suspend' | 'back';

/** Payloads of the IPC_EVENTS. */
export interface DesktopEvents {
  /** Send this activeStatus to the server (tray choice, or idle/lock/suspend and the return from them). */
  presenceRequested: { status: PresenceStatus; reason: PresenceReason };
  /** The tray's "mute microphone": apply it and report back with setMicMuted. */
  micMuteRequested: { muted: boolean };
  /** Go to this path of the app (a notification click, a tsudoi:// link). */
  navigate: { path: string };
  /** getDisplayMedia was called: show the picker and answer with chooseScreenSource. */
  screenPickRequested: { requestId: string; sources: ScreenSource[] };
}

export interface DesktopApi {
  readonly isDesktop: true;
  getAppInfo(): Promise<AppInfo>;
  setPresence(status: PresenceStatus): Promise<void>;
  setUnreadCount(count: number): Promise<void>;
  setMicMuted(muted: boolean): Promise<void>;
  showWindow(): Promise<void>;
  /** Shows a native notification when the window is hidden or unfocused; false when it was not shown. */
  notify(notification: DesktopNotification): Promise<boolean>;
  chooseScreenSource(choice: ScreenChoice): Promise<void>;
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  on<E extends DesktopEventName>(event: E, listener: (payload: DesktopEvents[E]) => void): () => void;
}

/**
 * The Tsudoi server the desktop app loads (its origin is the only one trusted
 * by the bridge): an http(s) URL without credentials. Plain http stays allowed
 * for LAN installs; browsers grant media only on https or localhost.
 */
export const serverUrlSchema = /* @__PURE__ */ z
  .url({ protocol: /^https?$/, error: 'an http(s) URL', abort: true })
  // no user info (user:password@) before the host
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), 'must not contain credentials');
