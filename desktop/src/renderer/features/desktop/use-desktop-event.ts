import { useEffect, useRef } from 'react';
import type { DesktopEventName, DesktopEvents } from '@tsudoi/common';
import { currentPlatform } from './platform';

/**
 * Subscribes a component to an event from the desktop app (tray status and
 * mute choices, idle/lock presence, links, the screen picker) for as long as
 * it is mounted. In a browser nothing ever arrives.
 */
export function useDesktopEvent<E extends DesktopEventName>(event: E, listener: (payload: DesktopEvents[E]) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => currentPlatform().on(event, (payload) => latest.current(payload)), [event]);
}
