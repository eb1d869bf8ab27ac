import type { SagaIterator } from 'redux-saga';
import { call, select, takeEvery } from 'redux-saga/effects';
import { formatMessage, type Locale } from '@tsudoi/common';
import type { Platform } from '../../platform';
import { invitationReceived } from '../floors/live-slice';
import { selectLocale } from '@tsudoi/ui/i18n';

/**
 * A knock (room invitation) while the window is hidden or unfocused: a native
 * notification that opens the live floor, where the invitation card rings
 * (main decides whether to show it; a focused page has the card already).
 */
function* knock(platform: Platform, action: ReturnType<typeof invitationReceived>): SagaIterator<void> {
  const { fromName, roomName, floorId } = action.payload;
  const locale: Locale = yield select(selectLocale);
  try {
    yield call([platform, platform.notify], {
      kind: 'knock',
      title: formatMessage(locale, 'desktop.notify.knockTitle', { name: fromName }),
      body: formatMessage(locale, 'desktop.notify.knockBody', { room: roomName }),
      path: `/floors/${floorId}/live`,
    });
  } catch {
    // main refused it (bad payload, no window): the card on the page still rings
  }
}

export function* knockNotificationsSaga(platform: Platform): SagaIterator<void> {
  yield takeEvery(invitationReceived.type, knock, platform);
}
