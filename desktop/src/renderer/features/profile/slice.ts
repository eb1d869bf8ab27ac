import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionReset } from '../auth';
import type { PasswordChangeBody, ProfileUpdateBody } from '@tsudoi/common';

export interface ProfileState {
  saving: boolean;
  uploading: boolean;
  /** Field messages of the last refused save (translated by the server). */
  fieldErrors: Record<string, string>;
  /** The server's refusal of the last picture, shown under the picker. */
  avatarError: string | null;
  /** Counts successful saves, so the edit page knows when to leave. */
  savedCount: number;
  /** The password change form: sending, the server's field messages, and successful changes (to clear it). */
  passwordChanging: boolean;
  passwordErrors: Record<string, string>;
  passwordChangedCount: number;
}

export interface WithProfile {
  profile: ProfileState;
}

const initialState: ProfileState = {
  saving: false,
  uploading: false,
  fieldErrors: {},
  avatarError: null,
  savedCount: 0,
  passwordChanging: false,
  passwordErrors: {},
  passwordChangedCount: 0,
};

const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    profileSaveRequested(state, _action: PayloadAction<ProfileUpdateBody>) {
      state.saving = true;
      state.fieldErrors = {};
    },
    profileSaved(state) {
      state.saving = false;
      state.savedCount += 1;
    },
    profileSaveFailed(state, action: PayloadAction<Record<string, string>>) {
      state.saving = false;
      state.fieldErrors = action.payload;
    },
    /** The picture travels in the action to the saga (see the store's serializable-check exception). */
    avatarUploadRequested(state, _action: PayloadAction<{ file: File }>) {
      state.uploading = true;
      state.avatarError = null;
    },
    avatarUploaded(state) {
      state.uploading = false;
    },
    avatarUploadFailed(state, action: PayloadAction<string>) {
      state.uploading = false;
      state.avatarError = action.payload;
    },
    avatarErrorCleared(state) {
      state.avatarError = null;
    },
    /** PUT /users/me/password: every other sign-in of the account ends (the server tells them why). */
    passwordChangeRequested(state, _action: PayloadAction<PasswordChangeBody>) {
      state.passwordChanging = true;
      state.passwordErrors = {};
    },
    passwordChanged(state) {
      state.passwordChanging = false;
      state.passwordChangedCount += 1;
    },
    passwordChangeFailed(state, action: PayloadAction<Record<string, string>>) {
      state.passwordChanging = false;
      state.passwordErrors = action.payload;
    },
  },
  // The next account must not see this one's form errors.
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  profileSaveRequested,
  profileSaved,
  profileSaveFailed,
  avatarUploadRequested,
  avatarUploaded,
  avatarUploadFailed,
  avatarErrorCleared,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
} = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
export const selectProfile = (state: WithProfile): ProfileState => state.profile;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    profile: ReturnType<typeof profileReducer>;
  }
}
