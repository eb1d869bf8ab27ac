import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CompanyUploadList } from '@tsudoi/common';
import { sessionReset } from '../auth';

/** One upload on its way (or refused): its row shows a progress bar or the refusal. */
export interface ShareUpload {
  key: number;
  name: string;
  percent: number;
  error: string | null;
}

/** What the dialogs ask for; the saga answers with a message, or field errors that stay in the dialog. */
export type ShareChange =
  | { kind: 'createFolder'; name: string; parentId: number | null }
  | { kind: 'renameFolder'; id: number; name: string }
  | { kind: 'moveFolder'; id: number; parentId: number | null }
  | { kind: 'renameFile'; id: number; name: string }
  | { kind: 'moveFile'; id: number; folderId: number | null }
  | { kind: 'removeFolder'; id: number }
  | { kind: 'removeFile'; id: number };

export interface FileShareState {
  folderId: number | null;
  list: CompanyUploadList | null;
  loading: boolean;
  error: string | null;
  uploads: ShareUpload[];
  saving: boolean;
  fieldErrors: Record<string, string>;
  /** Counts finished changes (an open dialog closes when it moves). */
  saves: number;
  /** The file being downloaded and how far (0–100). */
  download: { id: number; percent: number } | null;
}

export interface WithFileShare {
  fileShare: FileShareState;
}

const initialState: FileShareState = {
  folderId: null,
  list: null,
  loading: false,
  error: null,
  uploads: [],
  saving: false,
  fieldErrors: {},
  saves: 0,
  download: null,
};

const slice = createSlice({
  name: 'fileShare',
  initialState,
  reducers: {
    folderOpened(state, action: PayloadAction<number | null>) {
      state.folderId = action.payload;
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<CompanyUploadList>) {
      state.list = action.payload;
      state.loading = false;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    uploadRequested(_state, _action: PayloadAction<{ files: File[] }>) {},
    uploadStarted(state, action: PayloadAction<{ key: number; name: string }>) {
      state.uploads.push({ ...action.payload, percent: 0, error: null });
    },
    uploadProgressed(state, action: PayloadAction<{ key: number; percent: number }>) {
      const row = state.uploads.find((u) => u.key === action.payload.key);
      if (row) row.percent = action.payload.percent;
    },
    uploadEnded(state, action: PayloadAction<{ key: number; error: string | null }>) {
      const row = state.uploads.find((u) => u.key === action.payload.key);
      if (row && action.payload.error) row.error = action.payload.error;
      else state.uploads = state.uploads.filter((u) => u.key !== action.payload.key);
    },
    uploadDismissed(state, action: PayloadAction<number>) {
      state.uploads = state.uploads.filter((u) => u.key !== action.payload);
    },
    changeRequested(state, _action: PayloadAction<ShareChange>) {
      state.saving = true;
      state.fieldErrors = {};
    },
    changeDone(state) {
      state.saving = false;
      state.saves += 1;
    },
    changeFailed(state, action: PayloadAction<Record<string, string>>) {
      state.saving = false;
      state.fieldErrors = action.payload;
    },
    fieldErrorsCleared(state) {
      state.fieldErrors = {};
    },
    downloadRequested(state, action: PayloadAction<{ id: number; name: string }>) {
      state.download = { id: action.payload.id, percent: 0 };
    },
    downloadProgressed(state, action: PayloadAction<number>) {
      if (state.download) state.download.percent = action.payload;
    },
    downloadEnded(state) {
      state.download = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  folderOpened,
  listLoaded,
  listFailed,
  uploadRequested,
  uploadStarted,
  uploadProgressed,
  uploadEnded,
  uploadDismissed,
  changeRequested,
  changeDone,
  changeFailed,
  fieldErrorsCleared,
  downloadRequested,
  downloadProgressed,
  downloadEnded,
} = slice.actions;
export const fileShareReducer = slice.reducer;
export const selectFileShare = (state: WithFileShare) => state.fileShare;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    fileShare: ReturnType<typeof fileShareReducer>;
  }
}
