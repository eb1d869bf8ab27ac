import { eventChannel, type EventChannel } from 'redux-saga';
import { call, put, take, takeEvery } from 'redux-saga/effects';
import type { DesktopEvents } from '@tsudoi/common';
import type { Platform } from '../../platform';
import { activeStatusAdopted, activeStatusRequested } from './slice';

type Requested = DesktopEvents['presenceRequested'];

export function presenceRequests(platform: Platform): EventChannel<Requested> {
  return eventChannel((emit) => platform.on('presenceRequested', emit));
}

type Mirrored = ReturnType<typeof activeStatusRequested> | ReturnType<typeof activeStatusAdopted>;

/** A status chosen in the page or adopted from the floor: the tray shows it too (the app's own choices it knows). */
function* mirror(platform: Platform, action: Mirrored) {
  const status = typeof action.payload === 'string' ? action.payload : action.payload.status;
  if (typeof action.payload !== 'string' && action.payload.source !== 'page') return;
  try {
    yield call([platform, platform.setPresence], status);
  } catch {
    // the tray is a mirror: a refused update changes nothing on the floor
  }
}

/**
 * The desktop app's tray choices and its idle/lock/suspend rules become
 * status requests (the live floor sends them with floor:updateUser); the
 * page's own choices are mirrored to the tray.
 */
export function* presenceSaga(platform: Platform) {
  yield takeEvery([activeStatusRequested.type, activeStatusAdopted.type], mirror, platform);
  const channel: EventChannel<Requested> = yield call(presenceRequests, platform);
  try {
    for (;;) {
      const { status, reason }: Requested = yield take(channel);
      yield put(activeStatusRequested({ status, source: reason }));
    }
  } finally {
    channel.close();
  }
}
