import type { ErrorCode } from '@tsudoi/common';
import { CAMERA_CONSTRAINTS, SCREEN_CONSTRAINTS } from './encodings';
import { mediaLog } from './media-log';

export type LocalSource = 'mic' | 'camera' | 'screen';

/** Why a device could not be opened, as a catalogue code (spec §8.4). */
export class DeviceError extends Error {
  override name = 'DeviceError';
  constructor(
    readonly code: ErrorCode,
    readonly reason?: unknown,
  ) {
    super(code);
  }
}

const NO_DEVICE: Record<LocalSource, ErrorCode> = {
  mic: 'NO_MICROPHONE_DEVICE',
  camera: 'NO_CAMERA_DEVICE',
  screen: 'SHARE_SCREEN_NOT_AVAILABLE',
};

const MIC_CONSTRAINTS = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };

/** getUserMedia constraints of the microphone or camera, on the chosen device when there is one. */
export function deviceConstraints(source: 'mic' | 'camera', deviceId?: string | null): MediaStreamConstraints {
  const device = deviceId ? { deviceId: { exact: deviceId } } : {};
  return source === 'mic'
    ? { audio: { ...MIC_CONSTRAINTS, ...device } }
    : { video: { ...CAMERA_CONSTRAINTS, ...device } };
}

/**
 * Opens one source's track: the microphone, the camera (1920x1080 ideal, at
 * most 30 fps) or the screen (getDisplayMedia), on the chosen device
 * (`deviceId`, from the device lists) when given. Each source is opened on
 * its own, so a missing or refused camera still leaves the microphone (audio
 * only) and the other way round (video only). This is the one place the
 * camera track is opened (the live floor, a device switch and the device
 * check page all come here).
 */
export async function openTrack(source: LocalSource, deviceId?: string | null): Promise<MediaStreamTrack> {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (source === 'screen' && !media?.getDisplayMedia) throw new DeviceError('SHARE_SCREEN_NOT_AVAILABLE');
  if (!media?.getUserMedia) throw new DeviceError('BROWSER_NOT_SUPPORTED');
  let stream: MediaStream;
  try {
    stream =
      source === 'screen'
        ? await media.getDisplayMedia({ video: SCREEN_CONSTRAINTS, audio: false })
        : await media.getUserMedia(deviceConstraints(source, deviceId));
  } catch (error) {
    // permission denied or no such device: logged only (spec §8.4); the caller shows the no-device text
    mediaLog(`${source} could not be opened`, error);
    throw new DeviceError(NO_DEVICE[source], error);
  }
  const [track] = source === 'mic' ? stream.getAudioTracks() : stream.getVideoTracks();
  if (!track) throw new DeviceError(NO_DEVICE[source]);
  return track;
}
