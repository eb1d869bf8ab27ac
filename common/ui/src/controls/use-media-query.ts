import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (re-renders when it starts or stops matching). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia === 'undefined') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof matchMedia !== 'undefined' && matchMedia(query).matches,
  );
}
