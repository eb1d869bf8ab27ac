import { z } from 'zod';

/**
 * The desktop bridge: what the preload exposes as `window.desktop`, and the
 * IPC channel names behind it. Main validates every payload with these
 * schemas and checks the sender's origin.
 */
export const IPC_CHANNELS = {
  getAppInfo: 'app:getInfo',
  setPresence: 'presence:set',
  setUnreadCount: 'presence:setUnread',
  showWindow: 'window:show',
} as const;
export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

export const PRESENCE_STATUSES = ['available', 'busy', 'away', 'meeting'] as const;
export const presenceSchema = /* @__PURE__ */ z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceSchema>;

// Literal keys (`satisfies` checks them against IPC_CHANNELS) and pure
// annotations let bundlers drop zod where only the channel names are used:
// the preload stays a few hundred bytes.
export const ipcPayloadSchemas = {
  'app:getInfo': /* @__PURE__ */ z.undefined(),
  'presence:set': presenceSchema,
  'presence:setUnread': /* @__PURE__ */ z.number().int().min(0).max(1_000_000),
  'window:show': /* @__PURE__ */ z.undefined(),
} as const satisfies Record<IpcChannel, z.ZodType>;

export interface AppInfo {
  version: string;
  platform: string;
  serverUrl: string;
}

export interface DesktopApi {
  readonly isDesktop: true;
  getAppInfo(): Promise<AppInfo>;
  setPresence(status: PresenceStatus): Promise<void>;
  setUnreadCount(count: number): Promise<void>;
  showWindow(): Promise<void>;
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
