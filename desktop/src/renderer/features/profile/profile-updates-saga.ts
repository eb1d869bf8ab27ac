import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take } from 'redux-saga/effects';
import type { UserDto } from '@tsudoi/common';
import { onProfileUpdate, type ProfileUpdate } from '../../services/profile-updates';
import { selectCurrentUser, userUpdated } from '@tsudoi/ui/session';

const profileUpdates = (): EventChannel<ProfileUpdate> =>
  eventChannel<ProfileUpdate>((emit) => onProfileUpdate(emit), buffers.sliding(4));

/**
 * The account's profile changed in another tab, on another device or here
 * (`profile:updated` on any of the page's sockets): the header, the avatar
 * popup and the profile page show it at once. The server also sends it when
 * a socket (re)connects, so a change made while it was not listening reaches
 * this tab too; a profile equal to the one shown changes nothing (no render
 * of every part that shows the user while the floor opens). Another
 * account's profile (a socket left over from a previous sign-in) is ignored.
 */
export function* profileUpdatesSaga() {
  const channel: EventChannel<ProfileUpdate> = yield call(profileUpdates);
  try {
    for (;;) {
      const { user }: ProfileUpdate = yield take(channel);
      const current: UserDto | null = yield select(selectCurrentUser);
      if (current?.id !== user.id || sameProfile(current, user)) continue;
      yield put(userUpdated(user));
    }
  } finally {
    channel.close();
  }
}

function sameProfile(a: UserDto, b: UserDto): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof UserDto)[]);
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}
