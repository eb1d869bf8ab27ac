import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take } from 'redux-saga/effects';
import type { UserDto } from '@tsudoi/common';
import type { ApiClient } from '../../services/api';
import { fetchCurrentUser } from '../../services/current-user';
import { onProfileUpdate, type ProfileUpdate } from '../../services/profile-updates';
import { selectCurrentUser, userUpdated } from '../auth/slice';

const profileUpdates = (): EventChannel<ProfileUpdate> =>
  eventChannel<ProfileUpdate>((emit) => onProfileUpdate(emit), buffers.sliding(4));

/**
 * The account's profile changed in another tab, on another device or here
 * (`profile:updated` on any of the page's sockets): the header, the avatar
 * popup and the profile page show it at once. A socket that (re)connects
 * reads the profile once (GET /auth/me): a change made while it was not
 * listening reaches this tab too. Another account's profile (a socket left
 * over from a previous sign-in) is ignored.
 */
export function* profileUpdatesSaga(api: ApiClient) {
  const channel: EventChannel<ProfileUpdate> = yield call(profileUpdates);
  try {
    for (;;) {
      const update: ProfileUpdate = yield take(channel);
      const current: UserDto | null = yield select(selectCurrentUser);
      if (!current) continue;
      let user: UserDto | null = 'user' in update ? update.user : null;
      // a socket (re)connected: read the profile once, in case a change went by while it was not listening
      if (!user)
        try {
          user = (yield call(fetchCurrentUser, api)) as UserDto;
        } catch {
          continue; // signed out meanwhile, or offline: the next connect asks again
        }
      const now: UserDto | null = yield select(selectCurrentUser);
      if (now?.id === user.id) yield put(userUpdated(user));
    }
  } finally {
    channel.close();
  }
}
