import type { MediaSource } from '@tsudoi/common';
import { CameraIcon, MicIcon, ScreenIcon } from '../../components/media-icons';

/** The icon of a microphone, camera or screen share. */
export function DeviceIcon({ device, size = 18, off }: { device: MediaSource; size?: number; off?: boolean }) {
  if (device === 'mic') return <MicIcon size={size} off={off} />;
  if (device === 'camera') return <CameraIcon size={size} off={off} />;
  return <ScreenIcon size={size} />;
}
