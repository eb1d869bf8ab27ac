import { useLayoutEffect, useState } from 'react';

/**
 * The current time in ms, refreshed every `intervalMs` while `enabled`
 * (countdowns). When the clock starts (or restarts after a pause) it reads
 * the time at once, before the browser paints: a countdown that appears
 * long after the page opened (the first room invitation) never shows the
 * time it was last enabled at, e.g. 12 s left of a 10 s invitation.
 */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useLayoutEffect(() => {
    if (!enabled) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
