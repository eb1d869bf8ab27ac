import { all, call } from 'redux-saga/effects';
import { authSaga } from '@renderer/features/auth/sagas';
import { i18nSaga } from '@renderer/features/i18n';
import { notificationsSaga } from '@renderer/features/notifications';
import type { ApiClient } from '@renderer/services/api';
import type { TokenStore } from '@renderer/services/token-store';
import { consoleSaga } from '../features/console/sagas';

export interface SagaDeps {
  api: ApiClient;
  tokens: TokenStore;
  download(path: string): Promise<void>;
}

export function* rootSaga({ api, tokens, download }: SagaDeps) {
  yield all([
    call(i18nSaga),
    call(notificationsSaga),
    call(authSaga, { api, tokens, loginPath: '/auth/login/admin' }),
    call(consoleSaga, { api, download }),
  ]);
}
