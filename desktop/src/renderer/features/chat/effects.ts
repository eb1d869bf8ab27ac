import type { DesktopNotification } from '@tsudoi/common';
import { currentPlatform } from '../desktop';
import { playChime } from './sound';

/** What the chat saga does to the page and the machine (tests pass their own). */
export interface ChatEffects {
  /** The page is visible (a message in the open conversation is then seen). */
  isVisible(): boolean;
  playSound(): void;
  notify(notification: DesktopNotification): void;
  /** Hands a downloaded file to the user: a PDF opens in a new tab, anything else is saved. */
  deliver(blob: Blob, name: string, openInTab: boolean): void;
}

function save(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export const browserEffects: ChatEffects = {
  isVisible: () => document.visibilityState === 'visible',
  playSound: playChime,
  notify: (notification) => {
    if (document.visibilityState === 'visible' && document.hasFocus()) return;
    void currentPlatform()
      .notify(notification)
      .catch(() => false);
  },
  deliver: (blob, name, openInTab) => {
    const url = URL.createObjectURL(blob);
    // A tab the browser refuses (pop-up blocker, the desktop app's window rule) falls back to saving the file.
    const tab = openInTab ? window.open(url, '_blank') : null;
    if (!tab) save(url, name);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};
