import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';
import { authProvidersSchema, type AuthProviders } from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

/** Which social sign-in buttons to show: only the providers the server has credentials for. */
export interface WithSocialProviders {
  socialProviders: AuthProviders | null;
}

const socialProvidersSlice = createSlice({
  name: 'socialProviders',
  initialState: null as AuthProviders | null,
  reducers: {
    providersLoaded: (_state, action: PayloadAction<AuthProviders>) => action.payload,
  },
});

export const { providersLoaded } = socialProvidersSlice.actions;
export const socialProvidersReducer = socialProvidersSlice.reducer;
export const selectSocialProviders = (state: WithSocialProviders): AuthProviders | null => state.socialProviders;

/** Asks the server once at start; a failure shows no social buttons rather than buttons that lead to a 404. */
export function* loadSocialProviders(deps: { api: ApiClient }) {
  try {
    const answer: unknown = yield call(deps.api.get, '/auth/providers');
    const parsed = authProvidersSchema.safeParse((answer as { data?: unknown } | null)?.data);
    yield put(providersLoaded(parsed.success ? parsed.data : { google: false, facebook: false }));
  } catch {
    yield put(providersLoaded({ google: false, facebook: false }));
  }
}

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    socialProviders: ReturnType<typeof socialProvidersReducer>;
  }
}
