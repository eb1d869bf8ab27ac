import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionTokens } from '../../services/token-store';

export interface Credentials {
  email: string;
  password: string;
}

export interface AuthState {
  status: 'idle' | 'submitting';
  /** The bearer token sent with every call once signed in. */
  accessToken: string | null;
}

export interface WithAuth {
  auth: AuthState;
}

/** The state at start-up, signed in when tokens were stored by an earlier visit. */
export const authInitialState = (stored: SessionTokens | null): AuthState => ({
  status: 'idle',
  accessToken: stored?.accessToken ?? null,
});

const authSlice = createSlice({
  name: 'auth',
  initialState: authInitialState(null),
  reducers: {
    loginRequested(state, _action: PayloadAction<Credentials>) {
      state.status = 'submitting';
    },
    loginSucceeded(state, action: PayloadAction<SessionTokens>) {
      state.status = 'idle';
      state.accessToken = action.payload.accessToken;
    },
    loginFailed(state) {
      state.status = 'idle';
    },
    /** A 401 or a sign-out: forget the session (spec §4); the saga clears the stored tokens. */
    sessionReset(state) {
      state.accessToken = null;
    },
  },
});

export const { loginRequested, loginSucceeded, loginFailed, sessionReset } = authSlice.actions;
export const authReducer = authSlice.reducer;
export const selectLoginSubmitting = (state: WithAuth): boolean => state.auth.status === 'submitting';
export const selectAccessToken = (state: WithAuth): string | null => state.auth.accessToken;
