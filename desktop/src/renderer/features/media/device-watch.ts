import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take, takeEvery } from 'redux-saga/effects';
import { mediaLog } from './media-log';
import { loadSelection, pickAll, saveSelection, toLists, type DeviceLists } from './device-list';
import {
  devicesListed,
  deviceSelected,
  devicesStale,
  localTrackChanged,
  selectMedia,
  type MediaState,
} from './media-slice';

const mediaDevices = (): MediaDevices | undefined =>
  typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;

/** The devices by kind (empty lists where the browser cannot tell). */
export async function listDevices(): Promise<DeviceLists> {
  try {
    return toLists((await mediaDevices()?.enumerateDevices()) ?? []);
  } catch (error) {
    mediaLog('devices could not be listed', error);
    return toLists([]);
  }
}

/** Whether this browser can play sound on a chosen speaker (HTMLMediaElement.setSinkId). */
export const canChooseSpeaker = (): boolean =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

const changes = (): EventChannel<{ changed: true }> =>
  eventChannel((emit) => {
    const media = mediaDevices();
    const listener = () => emit({ changed: true });
    media?.addEventListener?.('devicechange', listener);
    return () => media?.removeEventListener?.('devicechange', listener);
  }, buffers.sliding(1));

function* refresh() {
  const devices: DeviceLists = yield call(listDevices);
  const state: MediaState = yield select(selectMedia);
  // what is chosen now, else what was chosen last time, else the first of each list
  const remembered = { ...loadSelection(), ...pickDefined(state.selected) };
  yield put(devicesListed({ devices, selected: pickAll(devices, remembered) }));
}

const pickDefined = (selection: MediaState['selected']) =>
  Object.fromEntries(Object.entries(selection).filter(([, v]) => v !== null));

function* remember() {
  const state: MediaState = yield select(selectMedia);
  saveSelection(state.selected);
}

/**
 * Keeps the device lists current: at the start, on `devicechange` (plugged
 * in or out) and once a microphone or camera opens (the browser names the
 * devices only after permission). Choices are remembered in localStorage.
 */
export function* watchDevices() {
  if (!mediaDevices()?.enumerateDevices) return;
  yield takeEvery(deviceSelected.type, remember);
  yield takeEvery(
    (action: { type: string; payload?: { trackId?: string | null } }) =>
      action.type === devicesStale.type || (action.type === localTrackChanged.type && !!action.payload?.trackId),
    refresh,
  );
  yield call(refresh);
  const channel = changes();
  for (;;) {
    yield take(channel);
    yield call(refresh);
  }
}
