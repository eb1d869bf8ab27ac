import { call, fork, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { formatMessage, meAnswerSchema, sessionSchema, type Locale } from '@tsudoi/common';
import { errorText, type ApiClient } from '../api/api';
import type { TokenStore } from '../api/token-store';
import { selectLocale } from '../i18n/slice';
import { errorsDismissed, notify } from '../notifications/slice';
import { noticeSaga, revocationSaga } from './revocation-saga';
import {
  loginFailed,
  loginRequested,
  loginSucceeded,
  logoutRequested,
  selectAccessToken,
  sessionCheckFailed,
  sessionCheckRequested,
  sessionReset,
  userLoaded,
} from './slice';

export interface AuthSagaDeps {
  api: ApiClient;
  tokens: TokenStore;
  /** POST target: /auth/login for users, /auth/login/admin for admins. */
  loginPath: string;
}

/** The success message of an answer, when it has one. */
export function answerMessage(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || !('message' in answer)) return undefined;
  return typeof answer.message === 'string' && answer.message ? answer.message : undefined;
}

function* login(deps: AuthSagaDeps, action: ReturnType<typeof loginRequested>) {
  const locale: Locale = yield select(selectLocale);
  try {
    const answer: unknown = yield call(deps.api.post, deps.loginPath, action.payload);
    const session = sessionSchema.safeParse(answer);
    if (!session.success) {
      yield put(loginFailed());
      yield put(notify({ kind: 'error', message: formatMessage(locale, 'errors.SOMETHING_WENT_WRONG') }));
      return;
    }
    yield put(loginSucceeded(session.data.token));
    const message = answerMessage(answer);
    if (message) yield put(notify({ kind: 'success', message }));
  } catch (error) {
    yield put(loginFailed());
    yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

/** GET /auth/me → userLoaded. A 401 resets the session through the API client; anything else is reported. */
function* loadCurrentUser(deps: AuthSagaDeps) {
  const token: string | null = yield select(selectAccessToken);
  if (!token) return;
  const locale: Locale = yield select(selectLocale);
  try {
    const answer: unknown = yield call(deps.api.get, '/auth/me');
    const parsed = meAnswerSchema.safeParse(answer);
    if (parsed.success) yield put(userLoaded(parsed.data.data));
    else yield put(sessionCheckFailed(formatMessage(locale, 'errors.SOMETHING_WENT_WRONG')));
  } catch (error) {
    // After a 401 the client has already reset the session; nothing is left to check.
    const stillSignedIn: string | null = yield select(selectAccessToken);
    if (stillSignedIn) yield put(sessionCheckFailed(errorText(error, locale)));
  }
}

/** Loads the user unless the session is reset meanwhile (an answer must not revive a closed session). */
function* checkSession(deps: AuthSagaDeps) {
  yield race({ done: call(loadCurrentUser, deps), reset: take(sessionReset.type) });
}

/** POST /auth/logout with the refresh token (revokes it server-side), then forgets the session either way. */
function* logout(deps: AuthSagaDeps) {
  const locale: Locale = yield select(selectLocale);
  const stored: ReturnType<TokenStore['read']> = yield call(deps.tokens.read);
  const body = stored?.refreshToken ? { refreshToken: stored.refreshToken } : {};
  let message = formatMessage(locale, 'auth.logout.success');
  try {
    const answer: unknown = yield call(deps.api.post, '/auth/logout', body);
    message = answerMessage(answer) ?? message;
  } catch {
    // The session ends locally even when the server cannot be reached.
  }
  yield put(sessionReset());
  yield put(notify({ kind: 'success', message }));
}

function* persistTokens(deps: AuthSagaDeps, action: ReturnType<typeof loginSucceeded>) {
  yield call(deps.tokens.write, action.payload);
}

function* clearTokens(deps: AuthSagaDeps) {
  yield call(deps.tokens.clear);
}

/**
 * Signs in through the API (errors become toasts, cleared by a sign-in that goes through), keeps the token store in
 * step with the session, loads /auth/me at start-up (stored token) and after
 * every sign-in, signs out, and follows the server's revocations
 * (revocation-saga.ts).
 */
export function* authSaga(deps: AuthSagaDeps) {
  yield takeLatest(loginRequested.type, login, deps);
  // signed in: an error toast of an earlier refused try is stale now
  yield takeEvery(loginSucceeded.type, function* () {
    yield put(errorsDismissed());
  });
  yield takeEvery(loginSucceeded.type, persistTokens, deps);
  yield takeEvery(sessionReset.type, clearTokens, deps);
  yield takeLatest([loginSucceeded.type, sessionCheckRequested.type], checkSession, deps);
  yield takeLatest(logoutRequested.type, logout, deps);
  yield fork(revocationSaga, deps);
  yield fork(noticeSaga);
  yield call(checkSession, deps);
}
