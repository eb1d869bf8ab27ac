import type { DesktopApi } from '@tsudoi/common';

declare global {
  interface Window {
    /** The preload bridge; present only in the desktop app. */
    readonly desktop?: DesktopApi;
  }
}
