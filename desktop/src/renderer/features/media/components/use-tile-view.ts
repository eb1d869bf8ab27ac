import { useEffect, type RefObject } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { tileViewChanged } from '../media-slice';

/**
 * Reports how a remote video's tile is shown (IntersectionObserver: on
 * screen or not — hidden, scrolled away, not laid out; ResizeObserver: its
 * height) so its consumer pauses while hidden and takes the simulcast layer
 * its size needs. Only changes are dispatched.
 */
export function useTileView(ref: RefObject<HTMLElement | null>, consumerId: string | null | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const element = ref.current;
    if (!element || !consumerId || typeof IntersectionObserver === 'undefined') return;
    let visible = true;
    let height = element.getBoundingClientRect().height;
    let last = '';
    const report = () => {
      const key = `${visible}:${Math.round(height / 20)}`;
      if (key === last) return;
      last = key;
      dispatch(tileViewChanged({ consumerId, visible, height }));
    };
    const intersection = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (!entry) return;
      visible = entry.isIntersecting;
      if (visible) height = entry.boundingClientRect.height;
      report();
    });
    intersection.observe(element);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            const box = entries.at(-1)?.contentRect;
            if (!box || box.height === 0) return; // not laid out: the intersection observer says hidden
            height = box.height;
            report();
          });
    resize?.observe(element);
    return () => {
      intersection.disconnect();
      resize?.disconnect();
    };
  }, [ref, consumerId, dispatch]);
}
