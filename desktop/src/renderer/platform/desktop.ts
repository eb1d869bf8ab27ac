import type { DesktopApi } from '@tsudoi/common';
import type { Platform } from './types';

export function createDesktopPlatform(bridge: DesktopApi): Platform {
  return {
    kind: 'desktop',
    setPresence: (status) => bridge.setPresence(status),
    setUnreadCount: (count) => bridge.setUnreadCount(count),
    setMicMuted: (muted) => bridge.setMicMuted(muted),
    getAppInfo: () => bridge.getAppInfo(),
    notify: (notification) => bridge.notify(notification),
    chooseScreenSource: (choice) => bridge.chooseScreenSource(choice),
    on: (event, listener) => bridge.on(event, listener),
  };
}
