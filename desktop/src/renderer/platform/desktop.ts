import type { DesktopApi } from '@tsudoi/common';
import type { Platform } from './types';

export function createDesktopPlatform(bridge: DesktopApi): Platform {
  return {
    kind: 'desktop',
    setPresence: (status) => bridge.setPresence(status),
    setUnreadCount: (count) => bridge.setUnreadCount(count),
    getAppInfo: () => bridge.getAppInfo(),
  };
}
