import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take } from 'redux-saga/effects';
import { meAnswerSchema, revocationEndsSignIn, type SessionNotice, type SessionRevoked } from '@tsudoi/common';
import type { ApiClient } from '../api/api';
import { onNotice, onRevocation } from './session-revocation';
import { notify } from '../notifications/slice';
import {
  selectAccessToken,
  selectSessionNotice,
  sessionReset,
  sessionRevoked,
  userUpdated,
  type WithAuth,
} from './slice';

const revocations = (): EventChannel<SessionRevoked> =>
  eventChannel<SessionRevoked>((emit) => onRevocation(emit), buffers.sliding(8));

/** The account changed under the session (no team any more): read it again; a failure leaves the old one. */
function* reloadUser(api: ApiClient) {
  try {
    const answer = meAnswerSchema.safeParse(yield call(api.get, '/auth/me'));
    if (answer.success) yield put(userUpdated(answer.data.data));
  } catch {
    // a 401 resets the session through the API client
  }
}

/**
 * The server ended this sign-in, or took the team away (`session:revoked` on
 * any of the page's sockets, services/session-revocation): the notice is kept
 * to be shown (login page, or over the floor list) and
 * - a sign-in that is over (signed out elsewhere, password reset or changed,
 *   account deleted) resets the session: tokens forgotten, sockets closed,
 *   the guards take the page to /login;
 * - a removal from the team keeps the session and reloads the account.
 * Each socket of the page hears it (chat and live floor): the same news twice
 * is taken once. A sign-out asked for here, or a session already gone, is no
 * news.
 */
export function* revocationSaga(deps: { api: ApiClient }) {
  const channel: EventChannel<SessionRevoked> = yield call(revocations);
  try {
    for (;;) {
      const revoked: SessionRevoked = yield take(channel);
      const signedIn: string | null = yield select(selectAccessToken);
      const signingOut: boolean = yield select((s: WithAuth) => s.auth.signingOut);
      const shown: SessionRevoked | null = yield select(selectSessionNotice);
      if (!signedIn || signingOut || shown?.reason === revoked.reason) continue;
      yield put(sessionRevoked(revoked));
      if (revocationEndsSignIn(revoked.reason)) yield put(sessionReset());
      else yield call(reloadUser, deps.api);
    }
  } finally {
    channel.close();
  }
}

const notices = (): EventChannel<SessionNotice> =>
  eventChannel<SessionNotice>((emit) => onNotice(emit), buffers.sliding(8));

/** An account notice (`session:notice`) shows once as a notification, however many of the page's sockets hear it. */
export function* noticeSaga() {
  const channel: EventChannel<SessionNotice> = yield call(notices);
  const shown = new Set<string>();
  try {
    for (;;) {
      const notice: SessionNotice = yield take(channel);
      if (shown.has(notice.id)) continue;
      shown.add(notice.id);
      yield put(notify({ kind: notice.kind === 'warning' ? 'warning' : 'success', message: notice.message }));
    }
  } finally {
    channel.close();
  }
}
