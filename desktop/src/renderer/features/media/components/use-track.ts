import { useEffect, useRef, useSyncExternalStore } from 'react';
import { mediaLog } from '../media-log';
import { trackStore } from '../track-store';

/** The track of an id from the track store (re-renders when tracks come and go). */
export function useTrack(id: string | null | undefined): MediaStreamTrack | undefined {
  useSyncExternalStore(trackStore.subscribe, trackStore.version);
  return trackStore.get(id);
}

/** A ref for a <video> or <audio> element that plays `track` (nothing when undefined), on speaker `sinkId` if given. */
export function useMediaElement<E extends HTMLMediaElement>(
  track: MediaStreamTrack | undefined,
  sinkId?: string | null,
) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current as (E & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (!element?.setSinkId || !sinkId) return;
    element.setSinkId(sinkId).catch((error: unknown) => mediaLog('speaker not chosen', error));
  }, [sinkId]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = track ? new MediaStream([track]) : null;
    if (track) element.play().catch(() => undefined); // autoplay policy: muted video always plays
    return () => {
      element.srcObject = null;
    };
  }, [track]);
  return ref;
}
