import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionRevoked, UserDto } from '@tsudoi/common';
import type { SessionTokens } from '../api/token-store';

export interface Credentials {
  email: string;
  password: string;
}

export interface AuthState {
  status: 'idle' | 'submitting';
  /** The bearer token sent with every call once signed in. */
  accessToken: string | null;
  /** The signed-in account as /auth/me answered it; null until then and when signed out. */
  user: UserDto | null;
  /** True once the start-up /auth/me answered, or at once when there was no stored token. */
  sessionChecked: boolean;
  /** Why /auth/me failed other than by 401 (offline, server down); the guard offers a retry. */
  sessionError: string | null;
  /** A sign-out asked for here is on its way (its own `session:revoked` is no news). */
  signingOut: boolean;
  /**
   * Why the server ended this sign-in or took the team away (session:revoked), shown until
   * dismissed or the next sign-in: on the login page, or over the floor list.
   */
  notice: SessionRevoked | null;
}

export interface WithAuth {
  auth: AuthState;
}

/** The state at start-up, signed in when tokens were stored by an earlier visit. */
export const authInitialState = (stored: SessionTokens | null): AuthState => ({
  status: 'idle',
  accessToken: stored?.accessToken ?? null,
  user: null,
  sessionChecked: !stored,
  sessionError: null,
  signingOut: false,
  notice: null,
});

const authSlice = createSlice({
  name: 'auth',
  initialState: authInitialState(null),
  reducers: {
    loginRequested(state, _action: PayloadAction<Credentials>) {
      state.status = 'submitting';
    },
    /** Tokens of a new session (password, sign-up or social); the saga then loads /auth/me. */
    loginSucceeded(state, action: PayloadAction<SessionTokens>) {
      state.status = 'idle';
      state.accessToken = action.payload.accessToken;
      state.sessionChecked = false;
      state.notice = null;
    },
    loginFailed(state) {
      state.status = 'idle';
    },
    /** The access token was renewed with the refresh token: same sign-in, same user. */
    tokensRefreshed(state, action: PayloadAction<SessionTokens>) {
      state.accessToken = action.payload.accessToken;
    },
    /** /auth/me answered: the session is known. */
    userLoaded(state, action: PayloadAction<UserDto>) {
      state.user = action.payload;
      state.sessionChecked = true;
      state.sessionError = null;
    },
    /** /auth/me failed without a 401: keep the tokens, show the reason with a retry. */
    sessionCheckFailed(state, action: PayloadAction<string>) {
      state.sessionChecked = true;
      state.sessionError = action.payload;
    },
    sessionCheckRequested(state) {
      state.sessionChecked = false;
      state.sessionError = null;
    },
    /** The account changed (profile edit, e-mail verified): replaces the stored user. */
    userUpdated(state, action: PayloadAction<UserDto>) {
      state.user = action.payload;
    },
    /** The user asked to sign out; the saga revokes the refresh token, then resets the session. */
    logoutRequested(state) {
      state.signingOut = true;
    },
    /** The server ended this sign-in or the team membership (revocation saga); the session follows. */
    sessionRevoked(state, action: PayloadAction<SessionRevoked>) {
      state.notice = action.payload;
    },
    /** The notice was read. */
    noticeDismissed(state) {
      state.notice = null;
    },
    /** A 401 or a sign-out: forget the session (spec §4); the saga clears the stored tokens. */
    sessionReset(state) {
      state.status = 'idle';
      state.accessToken = null;
      state.user = null;
      state.sessionChecked = true;
      state.sessionError = null;
      state.signingOut = false;
    },
  },
});

export const {
  loginRequested,
  loginSucceeded,
  loginFailed,
  tokensRefreshed,
  userLoaded,
  userUpdated,
  sessionCheckFailed,
  sessionCheckRequested,
  logoutRequested,
  sessionRevoked,
  noticeDismissed,
  sessionReset,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
export const selectLoginSubmitting = (state: WithAuth): boolean => state.auth.status === 'submitting';
export const selectAccessToken = (state: WithAuth): string | null => state.auth.accessToken;
export const selectCurrentUser = (state: WithAuth): UserDto | null => state.auth.user;
export const selectIsSignedIn = (state: WithAuth): boolean => state.auth.accessToken !== null;
export const selectSessionChecked = (state: WithAuth): boolean => state.auth.sessionChecked;
export const selectSessionError = (state: WithAuth): string | null => state.auth.sessionError;
/** Signed in with an address not yet verified (spec §2: such users see /verification-prompt). */
export const selectNeedsVerification = (state: WithAuth): boolean =>
  state.auth.user !== null && state.auth.user.verifiedAt === null;
/** Why the server ended the sign-in or the team membership, until read. */
export const selectSessionNotice = (state: WithAuth): SessionRevoked | null => state.auth.notice;
