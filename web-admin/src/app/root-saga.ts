import { all, call } from 'redux-saga/effects';
import { authSaga } from '@tsudoi/ui/session';
import { i18nSaga } from '@tsudoi/ui/i18n';
import { notificationsSaga } from '@tsudoi/ui/notifications';
import type { ApiClient, TokenStore } from '@tsudoi/ui/api';
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
