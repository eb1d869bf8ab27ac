import { RELOAD_THROTTLE_MS } from '@tsudoi/common';

const LAST_RELOAD_KEY = 'tsudoi:chunk-reload-at';

/** Reload unless the last chunk-failure reload happened less than the throttle ago (spec §4: once per 60 s). */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_THROTTLE_MS;
}

function lastReloadAt(storage: Storage): number | null {
  const value = Number(storage.getItem(LAST_RELOAD_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * After a deploy, old pages ask for chunks that no longer exist. Vite reports
 * that as `vite:preloadError`; reload to fetch the new build, at most once a
 * minute so a truly broken build does not loop. Otherwise the error surfaces.
 */
export function installChunkReload(win: Window): void {
  win.addEventListener('vite:preloadError', (event) => {
    const now = Date.now();
    try {
      if (!shouldReloadForChunkError(now, lastReloadAt(win.sessionStorage))) return;
      win.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
    } catch {
      return; // storage unavailable: without a throttle, do not risk a reload loop
    }
    event.preventDefault();
    win.location.reload();
  });
}
