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

/** How often a page whose chunk could not load asks whether the server is back. */
export const SERVER_BACK_POLL_MS = 2000;

let recovering = false;

/** Whether a chunk that failed to load is being waited for (the page keeps its place busy meanwhile). */
export const chunkRecoveryPending = () => recovering;

/** Whether the server answers (its health route needs no key and is never cached). */
async function serverAnswers(win: Window): Promise<boolean> {
  try {
    const res = await win.fetch('/api/health', { cache: 'no-store' });
    return res.ok || res.status === 503; // 503: up but degraded; a proxy without its server answers 502 or 504
  } catch {
    return false;
  }
}

/**
 * A page's code that could not be loaded. After a deploy, old pages ask for
 * chunks that no longer exist: a reload fetches the new build, at most once a
 * minute so a truly broken build does not loop (then the error surfaces).
 * While the server is away (a restart, a lost network) a reload would leave
 * the app for the browser's "site can't be reached" page, and stay there: so
 * the person stays in the app (its reconnect dialog tells them), the page's
 * place stays busy, and the app reloads once the server answers again.
 */
export function installChunkReload(win: Window): void {
  win.addEventListener('vite:preloadError', (event) => {
    const now = Date.now();
    try {
      if (!shouldReloadForChunkError(now, lastReloadAt(win.sessionStorage))) return;
    } catch {
      return; // storage unavailable: without a throttle, do not risk a reload loop
    }
    event.preventDefault();
    if (recovering) return;
    recovering = true;
    void (async () => {
      while (!(await serverAnswers(win))) await new Promise((resolve) => setTimeout(resolve, SERVER_BACK_POLL_MS));
      try {
        win.sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
      } catch {
        // the throttle could not be written: reload anyway, once
      }
      win.location.reload();
    })();
  });
}
