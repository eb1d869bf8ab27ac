import { useState } from 'react';
import { useNavigate } from 'react-router';
import { appPathSchema, type DesktopEvents } from '@tsudoi/common';
import { currentPlatform } from '../platform';
import { useDesktopEvent } from '../use-desktop-event';
import { ScreenPicker } from './ScreenPicker';

type PickRequest = DesktopEvents['screenPickRequested'];

/**
 * What the desktop app asks of the page, mounted once inside the router:
 * go to a path (notification clicks, tsudoi:// links) and pick a screen or
 * window for getDisplayMedia. Renders nothing in a browser.
 */
export function DesktopBridge() {
  const navigate = useNavigate();
  const [pick, setPick] = useState<PickRequest | null>(null);

  useDesktopEvent('navigate', ({ path }) => {
    if (appPathSchema.safeParse(path).success) void navigate(path);
  });
  // A newer request replaces an open one (main has already denied the older).
  useDesktopEvent('screenPickRequested', setPick);

  if (!pick) return null;
  return (
    <ScreenPicker
      key={pick.requestId}
      sources={pick.sources}
      onDone={(sourceId) => {
        setPick(null);
        currentPlatform()
          .chooseScreenSource({ requestId: pick.requestId, sourceId })
          .catch(() => undefined); // main refused (the request was superseded): nothing left to do
      }}
    />
  );
}
