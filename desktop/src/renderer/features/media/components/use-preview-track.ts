import { useEffect, useState } from 'react';
import type { ErrorCode } from '@tsudoi/common';
import { DeviceError, openTrack } from '../devices';

/**
 * A local microphone or camera track for the device check page: opened on
 * the chosen device while `on`, stopped when off, on a device change and
 * when the page goes. Answers the track or why it could not be opened.
 */
export function usePreviewTrack(
  source: 'mic' | 'camera',
  on: boolean,
  deviceId: string | null,
): { track: MediaStreamTrack | undefined; error: ErrorCode | null } {
  const [state, setState] = useState<{ track?: MediaStreamTrack; error: ErrorCode | null }>({ error: null });
  useEffect(() => {
    if (!on) {
      setState({ error: null });
      return;
    }
    let live = true;
    let opened: MediaStreamTrack | undefined;
    openTrack(source, deviceId).then(
      (track) => {
        opened = track;
        if (live) setState({ track, error: null });
        else track.stop();
      },
      (error: unknown) => {
        if (live) setState({ error: error instanceof DeviceError ? error.code : 'SOMETHING_WENT_WRONG' });
      },
    );
    return () => {
      live = false;
      opened?.stop();
    };
  }, [source, on, deviceId]);
  return { track: state.track, error: state.error };
}
