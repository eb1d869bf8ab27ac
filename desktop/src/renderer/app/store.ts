import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import type { RootState } from './root-state';
import createSagaMiddleware from 'redux-saga';
import { chosenLocale } from '@tsudoi/common/i18n/locale-cookie';
import { createApiClient, createSessionRefresher, createTokenStore } from '@tsudoi/ui/api';
import type { ClientConfig } from '@tsudoi/ui/api';
import {
  authFlowsReducer,
  authInitialState,
  authReducer,
  selectAccessToken,
  sessionReset,
  socialProvidersReducer,
  tokensRefreshed,
} from '../features/auth';
import { attendanceReducer } from '../features/attendance';
import { fileShareReducer } from '../features/file-share';
import { appointmentsReducer } from '../features/appointments';
import { visitsReducer } from '../features/appointments/visits';
import { participantsReducer } from '../features/participants';
import { activitiesReducer } from '../features/activities';
import { historyReducer } from '../features/history';
import { chatReducer } from '../features/chat';
import { companyReducer } from '../features/company';
import { floorDetailReducer, floorFormReducer, floorListReducer, liveFloorReducer } from '../features/floors';
import { floorEntryReducer } from '../features/floors/guest';
import { i18nReducer, selectLocale } from '@tsudoi/ui/i18n';
import { invitationsReducer } from '../features/invitations';
import { mediaReducer } from '../features/media';
import { cameraEffectReducer } from '../features/media/effects';
import { mediaRequestsReducer } from '../features/media/requests';
import { notificationsReducer, notify } from '@tsudoi/ui/notifications';
import { presenceReducer } from '../features/presence';
import { profileReducer } from '../features/profile';
import { recordingsReducer } from '../features/recordings';
import { virtualBackgroundsReducer } from '../features/virtual-backgrounds';
import { shellReducer } from '../features/shell';
import { stageReducer } from '../features/stage';
import { rootSaga } from './root-saga';

// every part of the state its feature declared (app/root-state.ts), no more and no less
const reducers: { [K in keyof RootState]: Reducer<RootState[K]> } = {
  i18n: i18nReducer,
  notifications: notificationsReducer,
  auth: authReducer,
  authFlows: authFlowsReducer,
  socialProviders: socialProvidersReducer,
  profile: profileReducer,
  company: companyReducer,
  invitations: invitationsReducer,
  floorList: floorListReducer,
  floorDetail: floorDetailReducer,
  floorForm: floorFormReducer,
  liveFloor: liveFloorReducer,
  chat: chatReducer,
  floorEntry: floorEntryReducer,
  presence: presenceReducer,
  media: mediaReducer,
  recordings: recordingsReducer,
  cameraEffect: cameraEffectReducer,
  mediaRequests: mediaRequestsReducer,
  virtualBackgrounds: virtualBackgroundsReducer,
  shell: shellReducer,
  attendance: attendanceReducer,
  fileShare: fileShareReducer,
  stage: stageReducer,
  appointments: appointmentsReducer,
  visits: visitsReducer,
  participants: participantsReducer,
  activities: activitiesReducer,
  history: historyReducer,
};
const rootReducer = combineReducers(reducers);

/** Where the user's session tokens live in localStorage (the admin UI uses its own key). */
const USER_SESSION_KEY = 'tsudoi:session';

/** What the store needs from the page, passed in so nothing here reads globals. */
export interface StoreEnvironment {
  config: ClientConfig;
  cookies: string;
  storage: Storage;
  fetch: typeof fetch;
}

/** Builds the store, the API client that reads it, and starts the root saga. */
export function createAppStore(env: StoreEnvironment) {
  const tokens = createTokenStore(env.storage, USER_SESSION_KEY);
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      // Japanese unless the person chose otherwise (spec §1, §9.1: the choice lives in the locale cookie for 365 days)
      i18n: { locale: chosenLocale(env.cookies) },
      auth: authInitialState(tokens.read()),
    },
    middleware: (getDefaultMiddleware) =>
      // Picture uploads (and the floor wizard's image) carry the chosen File to their saga; nothing stores it.
      getDefaultMiddleware({
        thunk: false,
        serializableCheck: { ignoredActionPaths: ['payload.file', 'payload.files', 'payload.image'] },
      }).concat(sagaMiddleware),
  });
  const api = createApiClient({
    apiKey: env.config.apiKey,
    fetch: env.fetch,
    getLocale: () => selectLocale(store.getState()),
    getToken: () => selectAccessToken(store.getState()),
    onUnauthorized: () => store.dispatch(sessionReset()),
    // spec §8.1: a server answering above 500 is said in an error dialog, not a toast
    onServerError: (message) => store.dispatch(notify({ kind: 'error', message, dialog: true })),
    refresh: createSessionRefresher({
      apiKey: env.config.apiKey,
      fetch: env.fetch,
      tokens,
      onRefreshed: (renewed) => store.dispatch(tokensRefreshed(renewed)),
    }),
  });
  // Chat uploads and downloads go through XMLHttpRequest for their progress, with the API client's headers.
  const chatTransfer = {
    apiKey: env.config.apiKey,
    getToken: () => selectAccessToken(store.getState()),
    getLocale: () => selectLocale(store.getState()),
    ...(env.config.chatUploadMaxBytes ? { uploadMaxBytes: env.config.chatUploadMaxBytes } : {}),
  };
  sagaMiddleware.run(rootSaga, { api, tokens, chatTransfer });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
