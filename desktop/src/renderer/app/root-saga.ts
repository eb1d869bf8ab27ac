import { all, call } from 'redux-saga/effects';
import type { ApiClient } from '../services/api';
import type { TokenStore } from '../services/token-store';
import { authSaga } from '../features/auth';
import { i18nSaga } from '../features/i18n';
import { notificationsSaga } from '../features/notifications';

export interface SagaDeps {
  api: ApiClient;
  tokens: TokenStore;
}

export function* rootSaga({ api, tokens }: SagaDeps) {
  yield all([call(i18nSaga), call(notificationsSaga), call(authSaga, { api, tokens, loginPath: '/auth/login' })]);
}
