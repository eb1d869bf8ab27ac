import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { DesktopEvents } from '@tsudoi/common';
import type { Platform } from '../../platform';
import { mediaDeviceSet, mediaPreferencesLoaded, micToggled, selectMedia, type MediaState } from '../media/media-slice';

type MuteRequest = DesktopEvents['micMuteRequested'];

/** The page's microphone choice shown by the tray's "mute microphone" check. */
function* mirror(platform: Platform): SagaIterator<void> {
  const media: MediaState = yield select(selectMedia);
  try {
    yield call([platform, platform.setMicMuted], !media.mic);
  } catch {
    // a mirror only
  }
}

/**
 * The tray's "mute microphone" and the page's microphone button are one
 * switch: a tray choice toggles the page's microphone when it differs, and
 * every change of the page's choice is mirrored back to the tray.
 */
export function* micMirrorSaga(platform: Platform): SagaIterator<void> {
  yield takeEvery(
    (action: { type: string; payload?: { source?: string } }) =>
      action.type === mediaPreferencesLoaded.type ||
      (action.type === mediaDeviceSet.type && action.payload?.source === 'mic'),
    mirror,
    platform,
  );
  const requests: EventChannel<MuteRequest> = yield call(() =>
    eventChannel<MuteRequest>((emit) => platform.on('micMuteRequested', emit)),
  );
  yield fork(function* () {
    try {
      for (;;) {
        const { muted }: MuteRequest = yield take(requests);
        const media: MediaState = yield select(selectMedia);
        // Off a room's media (status idle) nothing listens to the toggle: the tray shows the page's choice again.
        if (media.mic === muted && media.status !== 'idle') yield put(micToggled());
        else yield* mirror(platform);
      }
    } finally {
      requests.close();
    }
  });
}
