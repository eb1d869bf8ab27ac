import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, call } from 'redux-saga/effects';
import type { UserDto } from '@tsudoi/common';
import { ApiError, type ApiClient, type HttpMethod } from '@tsudoi/ui/api';
import type { SessionTokens, TokenStore } from '@tsudoi/ui/api';
import { i18nReducer } from '@tsudoi/ui/i18n';
import { notificationsReducer } from '@tsudoi/ui/notifications';
import { authFlowsSaga } from './flows/sagas';
import { authFlowsReducer } from './flows/slice';
import { authSaga, authInitialState, authReducer, sessionReset } from '@tsudoi/ui/session';

export interface RecordedCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

type Responder = (call: RecordedCall) => unknown;

/** A fake API: answers by "METHOD /path"; a thrown ApiError 401 resets the session like the real client. */
export function fakeApi(routes: Record<string, Responder>, onUnauthorized: () => void) {
  const calls: RecordedCall[] = [];
  const request = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    const recorded = { method, path, body };
    calls.push(recorded);
    const responder = routes[`${method} ${path}`];
    if (!responder) throw new ApiError(`no route ${method} ${path}`, 404);
    try {
      return (await responder(recorded)) as T;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      throw error;
    }
  };
  const api: ApiClient = {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    putFile: (path) => request('PUT', path),
    delete: (path) => request('DELETE', path),
  };
  return { api, calls };
}

export function memoryTokens(initial: SessionTokens | null = null): TokenStore & { value: SessionTokens | null } {
  const store = {
    value: initial,
    read: () => store.value,
    write: (tokens: SessionTokens) => void (store.value = tokens),
    clear: () => void (store.value = null),
  };
  return store;
}

/** The auth part of the app's store with both sagas running against a fake API. */
export function authTestStore(routes: Record<string, Responder>, stored: SessionTokens | null = null) {
  const tokens = memoryTokens(stored);
  const reducer = combineReducers({
    i18n: i18nReducer,
    notifications: notificationsReducer,
    auth: authReducer,
    authFlows: authFlowsReducer,
  });
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer,
    preloadedState: { i18n: { locale: 'en' }, auth: authInitialState(stored) },
    middleware: (defaults) => defaults({ thunk: false }).concat(sagas),
  });
  const { api, calls } = fakeApi(routes, () => store.dispatch(sessionReset()));
  sagas.run(function* () {
    yield all([call(authSaga, { api, tokens, loginPath: '/auth/login' }), call(authFlowsSaga, { api })]);
  });
  return { store, tokens, calls };
}

/** Lets pending promises and sagas settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export function userDto(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 7,
    name: 'Taro Yamada',
    email: 'taro@example.com',
    type: 'user',
    status: 'active',
    verifiedAt: '2025-01-01T00:00:00.000Z',
    avatarImageUrl: null,
    avatarColor: '#4338ca',
    companyId: null,
    employmentCompanyId: null,
    employeeRole: null,
    country: null,
    locale: 'en',
    referralCode: null,
    skipHostGuide: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const tokenPair = (n = 1) => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  tokenType: 'Bearer' as const,
  expiresIn: 900,
});
