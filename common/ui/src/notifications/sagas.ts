import { delay, put, takeEvery } from 'redux-saga/effects';
import { NOTIFICATION_DURATION_MS } from '@tsudoi/common';
import { dismissed, notify } from './slice';

function* dismissLater(action: ReturnType<typeof notify>) {
  if (action.payload.dialog) return; // closed by the person
  yield delay(NOTIFICATION_DURATION_MS);
  yield put(dismissed(action.payload.id));
}

/** Every toast disappears after 5000 ms (spec §8.1) unless closed earlier; an error dialog stays until closed. */
export function* notificationsSaga() {
  yield takeEvery(notify.type, dismissLater);
}
