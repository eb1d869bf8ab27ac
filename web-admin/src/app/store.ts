import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { chosenLocale } from '@tsudoi/common/i18n/locale-cookie';
import { authInitialState, authReducer, selectAccessToken, sessionReset } from '@tsudoi/ui/session';
import { i18nReducer, selectLocale } from '@tsudoi/ui/i18n';
import { notificationsReducer, notify } from '@tsudoi/ui/notifications';
import { createApiClient, createTokenStore } from '@tsudoi/ui/api';
import type { ClientConfig } from '@tsudoi/ui/api';
import { consoleReducer } from '../features/console/slice';
import { createDownloader } from '../features/console/sagas';
import { rootSaga } from './root-saga';

const rootReducer = combineReducers({
  i18n: i18nReducer,
  notifications: notificationsReducer,
  auth: authReducer,
  console: consoleReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Admin tokens are kept apart from a user session in the same browser. */
const ADMIN_SESSION_KEY = 'tsudoi:admin-session';

export interface StoreEnvironment {
  config: ClientConfig;
  cookies: string;
  storage: Storage;
  fetch: typeof fetch;
}

/** The admin UI's store: the shared i18n, notification and session slices, signing in as an admin. */
export function createAdminStore(env: StoreEnvironment) {
  const tokens = createTokenStore(env.storage, ADMIN_SESSION_KEY);
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      // Japanese unless the person chose English (the locale cookie, shared with the site and the app)
      i18n: { locale: chosenLocale(env.cookies) },
      auth: authInitialState(tokens.read()),
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  const api = createApiClient({
    apiKey: env.config.apiKey,
    fetch: env.fetch,
    getLocale: () => selectLocale(store.getState()),
    getToken: () => selectAccessToken(store.getState()),
    onUnauthorized: () => store.dispatch(sessionReset()),
    // spec §8.1: a server answering above 500 is said in an error dialog, not a toast
    onServerError: (message) => store.dispatch(notify({ kind: 'error', message, dialog: true })),
  });
  const download = createDownloader({
    apiKey: env.config.apiKey,
    fetch: env.fetch,
    getLocale: () => selectLocale(store.getState()),
    getToken: () => selectAccessToken(store.getState()),
  });
  sagaMiddleware.run(rootSaga, { api, tokens, download });
  return store;
}

export type AdminStore = ReturnType<typeof createAdminStore>;
export type AppDispatch = AdminStore['dispatch'];
