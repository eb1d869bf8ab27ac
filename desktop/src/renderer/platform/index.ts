import { createBrowserPlatform } from './browser';
import { createDesktopPlatform } from './desktop';
import type { Platform, PlatformHost } from './types';

export type { Platform, PlatformHost } from './types';

/** The desktop bridge when the preload exposed one, the browser otherwise. Call with `window`. */
export function getPlatform(host: PlatformHost): Platform {
  return host.desktop?.isDesktop ? createDesktopPlatform(host.desktop) : createBrowserPlatform(host);
}
