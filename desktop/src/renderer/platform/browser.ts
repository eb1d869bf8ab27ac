import { version } from '../../../package.json';
import type { Platform, PlatformHost } from './types';

/**
 * A browser has no tray: presence lives on the server only. The unread count
 * goes to the Badging API where the page runs as an installed app.
 * Notifications stay in the page; the browser's own screen picker serves
 * getDisplayMedia, and nothing outside the page sends events.
 */
export function createBrowserPlatform({ location, navigator }: PlatformHost): Platform {
  return {
    kind: 'browser',
    setPresence: () => Promise.resolve(),
    setUnreadCount: async (count) => {
      const badge = count > 0 ? navigator.setAppBadge?.(count) : navigator.clearAppBadge?.();
      // Best effort: refused where the page is not an installed app.
      await badge?.catch(() => undefined);
    },
    setMicMuted: () => Promise.resolve(),
    getAppInfo: () => Promise.resolve({ version, platform: 'browser', serverUrl: `${location.origin}/` }),
    notify: () => Promise.resolve(false),
    chooseScreenSource: () => Promise.resolve(),
    on: () => () => undefined,
  };
}
