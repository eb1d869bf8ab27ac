import { useEffect, useRef } from 'react';

/**
 * Calls `onMore` when the returned element (placed after the last item)
 * comes within 400px of the viewport, while `enabled` (spec §7.3: infinite
 * scroll appends pages).
 */
export function useInfiniteScroll<T extends Element>(enabled: boolean, onMore: () => void) {
  const sentinel = useRef<T>(null);
  const latest = useRef(onMore);
  useEffect(() => {
    latest.current = onMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinel;
}
