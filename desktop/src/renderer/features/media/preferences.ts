/**
 * What the user chose for their media, kept in localStorage between visits:
 * microphone and camera on or off (set on the device check page and by the
 * toolbar), and whether the device check page is skipped before the floor.
 */
const PREFERENCES_KEY = 'tsudoi.media';
const SKIP_CHECK_KEY = 'tsudoi.media.skipCheck';

export interface MediaPreferences {
  mic: boolean;
  camera: boolean;
}

export function loadPreferences(): MediaPreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Record<string, unknown>;
    return { mic: stored.mic !== false, camera: stored.camera !== false };
  } catch {
    return { mic: true, camera: true };
  }
}

export function savePreferences(preferences: MediaPreferences): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ mic: preferences.mic, camera: preferences.camera }));
  } catch {
    // private mode: the choice lasts for this visit only
  }
}

export function skipsDeviceCheck(): boolean {
  try {
    return localStorage.getItem(SKIP_CHECK_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSkipsDeviceCheck(skip: boolean): void {
  try {
    if (skip) localStorage.setItem(SKIP_CHECK_KEY, '1');
    else localStorage.removeItem(SKIP_CHECK_KEY);
  } catch {
    // private mode: asked again next time
  }
}

/** Where the landing page's join button leads: the device check first, unless the user skips it. */
export const floorEntryPath = (floorId: number, search = ''): string =>
  `/floors/${floorId}/${skipsDeviceCheck() ? 'live' : 'check'}${search}`;
