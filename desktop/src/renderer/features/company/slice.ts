import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionReset } from '../auth';
import type { CompanyDto } from '@tsudoi/common';

export interface CompanyState {
  /** The signed-in user's team as last loaded. */
  current: CompanyDto | null;
  loading: boolean;
  /** Why the team could not be loaded (translated), e.g. team not found. */
  loadError: string | null;
  registering: boolean;
  saving: boolean;
  uploading: boolean;
  /** The server's message for the name field (register or rename). */
  nameError: string | null;
  /** The server's refusal of the last logo. */
  logoError: string | null;
}

export interface WithCompany {
  company: CompanyState;
}

const initialState: CompanyState = {
  current: null,
  loading: false,
  loadError: null,
  registering: false,
  saving: false,
  uploading: false,
  nameError: null,
  logoError: null,
};

const companySlice = createSlice({
  name: 'company',
  initialState,
  reducers: {
    companyRequested(state, _action: PayloadAction<number>) {
      state.loading = true;
      state.loadError = null;
    },
    companyLoaded(state, action: PayloadAction<CompanyDto>) {
      state.current = action.payload;
      state.loading = false;
      state.registering = false;
      state.saving = false;
      state.uploading = false;
    },
    companyLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadError = action.payload;
    },
    companyRegisterRequested(state, _action: PayloadAction<string>) {
      state.registering = true;
      state.nameError = null;
    },
    companyRenameRequested(state, _action: PayloadAction<{ id: number; name: string }>) {
      state.saving = true;
      state.nameError = null;
    },
    /** Register or rename refused: the name field's message when the server gave one. */
    companyNameFailed(state, action: PayloadAction<string | null>) {
      state.registering = false;
      state.saving = false;
      state.nameError = action.payload;
    },
    logoUploadRequested(state, _action: PayloadAction<{ id: number; file: File }>) {
      state.uploading = true;
      state.logoError = null;
    },
    logoUploadFailed(state, action: PayloadAction<string>) {
      state.uploading = false;
      state.logoError = action.payload;
    },
    logoErrorCleared(state) {
      state.logoError = null;
    },
  },
  // Another account may sign in next: nothing of this one's team stays behind.
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  companyRequested,
  companyLoaded,
  companyLoadFailed,
  companyRegisterRequested,
  companyRenameRequested,
  companyNameFailed,
  logoUploadRequested,
  logoUploadFailed,
  logoErrorCleared,
} = companySlice.actions;
export const companyReducer = companySlice.reducer;
export const selectCompany = (state: WithCompany): CompanyState => state.company;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    company: ReturnType<typeof companyReducer>;
  }
}
