import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { formatMessage, type Locale } from '@tsudoi/common';
import { errorText, type ApiClient } from '../../services/api';
import { isSessionTokens, type TokenStore } from '../../services/token-store';
import { selectLocale } from '../i18n';
import { notify } from '../notifications';
import { loginFailed, loginRequested, loginSucceeded, sessionReset } from './slice';

export interface AuthSagaDeps {
  api: ApiClient;
  tokens: TokenStore;
  /** POST target: /auth/login for users, /auth/login/admin for admins. */
  loginPath: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function* login(deps: AuthSagaDeps, action: ReturnType<typeof loginRequested>) {
  const locale: Locale = yield select(selectLocale);
  try {
    const answer: unknown = yield call(deps.api.post, deps.loginPath, action.payload);
    const token = isRecord(answer) ? answer.token : undefined;
    if (!isSessionTokens(token)) {
      yield put(loginFailed());
      yield put(notify({ kind: 'error', message: formatMessage(locale, 'errors.SOMETHING_WENT_WRONG') }));
      return;
    }
    yield put(loginSucceeded(token));
    if (isRecord(answer) && typeof answer.message === 'string' && answer.message) {
      yield put(notify({ kind: 'success', message: answer.message }));
    }
  } catch (error) {
    yield put(loginFailed());
    yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

function* persistTokens(deps: AuthSagaDeps, action: ReturnType<typeof loginSucceeded>) {
  yield call(deps.tokens.write, action.payload);
}

function* clearTokens(deps: AuthSagaDeps) {
  yield call(deps.tokens.clear);
}

/** Signs in through the API (errors become toasts) and keeps the token store in step with the session. */
export function* authSaga(deps: AuthSagaDeps) {
  yield takeLatest(loginRequested.type, login, deps);
  yield takeEvery(loginSucceeded.type, persistTokens, deps);
  yield takeEvery(sessionReset.type, clearTokens, deps);
}
