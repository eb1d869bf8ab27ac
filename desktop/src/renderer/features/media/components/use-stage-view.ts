import { useState } from 'react';

/**
 * How the live floor shows the videos of my room: a strip of small tiles
 * above the map (the default: the map stays in view), large tiles (the map
 * gets less room and scrolls), or hidden (the controls only; the audio goes
 * on and hidden videos pause). The choice is kept in localStorage.
 */
export type StageView = 'strip' | 'grid' | 'hidden';

const VIEW_KEY = 'tsudoi.media.view';
const VIEWS: readonly StageView[] = ['strip', 'grid', 'hidden'];

function stored(): StageView {
  try {
    const value = localStorage.getItem(VIEW_KEY);
    return VIEWS.find((view) => view === value) ?? 'strip';
  } catch {
    return 'strip';
  }
}

/**
 * The stage's view and its setter. `screenKey` names the screen being shared
 * in my room (null when none): when a new one appears while the strip is
 * shown, the tiles grow so the screen can be read; the person may shrink them
 * again.
 */
export function useStageView(screenKey: string | null): [StageView, (view: StageView) => void] {
  const [view, setView] = useState<StageView>(stored);
  const choose = (next: StageView) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // private mode: the choice lasts for this visit only
    }
  };
  // a screen newly shared in my room grows the strip's tiles (adjusted while rendering, no extra pass)
  const [seenScreen, setSeenScreen] = useState<string | null>(null);
  if (screenKey !== null && screenKey !== seenScreen) {
    setSeenScreen(screenKey);
    if (view === 'strip') setView('grid');
  }
  return [view, choose];
}

/**
 * Phones (a phone-sized window, or a touch-only device): screen sharing is
 * not offered there (spec §1, §8.4: desktop only).
 */
export const PHONE_QUERY = '(max-width: 639px), (pointer: coarse) and (hover: none)';

/**
 * Screen share is offered where the browser can capture a screen and the window is not a phone's (spec §6,
 * record 0180); a share already running keeps its stop button everywhere. The room's toolbar and the
 * presentation's use the same rule.
 */
export const offersScreenShare = (phone: boolean, sharing: boolean): boolean =>
  typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia && (!phone || sharing);
