import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SignupBody } from '@tsudoi/common';

/** The one-shot calls of the sign-up, verification and password screens. */
export type FlowName =
  | 'signup'
  | 'verifyEmail'
  | 'resendVerification'
  | 'forgotPassword'
  | 'checkResetToken'
  | 'newPassword'
  | 'socialLogin';

export interface FlowState {
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  /** The server's message (already in the user's language), on success or failure. */
  message?: string;
  /** Field messages of a failure, keyed by form field. */
  fields?: Record<string, string>;
}

export type AuthFlowsState = Partial<Record<FlowName, FlowState>>;

export interface WithAuthFlows {
  authFlows: AuthFlowsState;
}

export type SocialProvider = 'google' | 'facebook';

export interface NewPasswordRequest {
  token: string;
  password: string;
  passwordConfirmation: string;
}

const pending = (state: AuthFlowsState, flow: FlowName) => {
  state[flow] = { status: 'pending' };
};

const authFlowsSlice = createSlice({
  name: 'authFlows',
  initialState: {} as AuthFlowsState,
  reducers: {
    signupRequested(state, _action: PayloadAction<SignupBody>) {
      pending(state, 'signup');
    },
    verifyEmailRequested(state, _action: PayloadAction<string>) {
      pending(state, 'verifyEmail');
    },
    resendVerificationRequested(state) {
      pending(state, 'resendVerification');
    },
    forgotPasswordRequested(state, _action: PayloadAction<string>) {
      pending(state, 'forgotPassword');
    },
    resetTokenCheckRequested(state, _action: PayloadAction<string>) {
      pending(state, 'checkResetToken');
    },
    newPasswordRequested(state, _action: PayloadAction<NewPasswordRequest>) {
      pending(state, 'newPassword');
    },
    socialLoginRequested(state, _action: PayloadAction<{ provider: SocialProvider; ticket: string }>) {
      pending(state, 'socialLogin');
    },
    flowSucceeded(state, action: PayloadAction<{ flow: FlowName; message?: string }>) {
      const { flow, message } = action.payload;
      state[flow] = { status: 'succeeded', message };
    },
    flowFailed(state, action: PayloadAction<{ flow: FlowName; message: string; fields?: Record<string, string> }>) {
      const { flow, message, fields } = action.payload;
      state[flow] = { status: 'failed', message, fields };
    },
    /** A screen starts afresh (on mount), forgetting an earlier visit's outcome. */
    flowReset(state, action: PayloadAction<FlowName>) {
      delete state[action.payload];
    },
  },
});

export const {
  signupRequested,
  verifyEmailRequested,
  resendVerificationRequested,
  forgotPasswordRequested,
  resetTokenCheckRequested,
  newPasswordRequested,
  socialLoginRequested,
  flowSucceeded,
  flowFailed,
  flowReset,
} = authFlowsSlice.actions;
export const authFlowsReducer = authFlowsSlice.reducer;

const IDLE: FlowState = { status: 'idle' };
export const selectFlow =
  (flow: FlowName) =>
  (state: WithAuthFlows): FlowState =>
    state.authFlows[flow] ?? IDLE;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../../app/root-state' {
  interface RootState {
    authFlows: ReturnType<typeof authFlowsReducer>;
  }
}
