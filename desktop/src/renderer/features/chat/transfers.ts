import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * The upload and download queues (spec §3 "Upload queue": pending, current,
 * progress 0–100): one item at a time each. The files themselves stay in the
 * saga (a File is not state); the store has what the page shows.
 */
export interface UploadItem {
  /** The client's id of this upload (also the clientMessageId of its message). */
  id: string;
  conversationId: number;
  name: string;
  size: number;
  error: string | null;
  /** The catalogue code of the failure (STORAGE_QUOTA_EXCEEDED shows as "not enough storage"). */
  code: string | null;
}

export interface DownloadItem {
  messageId: number;
  name: string;
}

export interface TransfersState {
  uploads: { pending: UploadItem[]; current: UploadItem | null; progress: number; failed: UploadItem[] };
  downloads: { pending: DownloadItem[]; current: DownloadItem | null; progress: number };
}

export const transfersInitial: TransfersState = {
  uploads: { pending: [], current: null, progress: 0, failed: [] },
  downloads: { pending: [], current: null, progress: 0 },
};

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

export const transferReducers = {
  /** A chosen file joins the queue (the saga holds the File under the same id). */
  uploadQueued(
    state: TransfersState,
    action: PayloadAction<{ item: Omit<UploadItem, 'error' | 'code'>; file?: File }>,
  ) {
    state.uploads.pending.push({ ...action.payload.item, error: null, code: null });
  },
  uploadStarted(state: TransfersState, action: PayloadAction<string>) {
    const index = state.uploads.pending.findIndex((u) => u.id === action.payload);
    if (index < 0) return;
    state.uploads.current = state.uploads.pending.splice(index, 1)[0]!;
    state.uploads.progress = 0;
  },
  uploadProgressed(state: TransfersState, action: PayloadAction<number>) {
    if (state.uploads.current) state.uploads.progress = clamp(action.payload);
  },
  /** Done (sent as a message) or failed with the reason, which stays listed until dismissed. */
  uploadFinished(
    state: TransfersState,
    action: PayloadAction<{ id: string; error: string | null; code?: string | null }>,
  ) {
    const current = state.uploads.current;
    if (current?.id === action.payload.id) {
      const { error, code = null } = action.payload;
      if (error) state.uploads.failed.push({ ...current, error, code });
      state.uploads.current = null;
      state.uploads.progress = 0;
    }
  },
  uploadDismissed(state: TransfersState, action: PayloadAction<string>) {
    state.uploads.failed = state.uploads.failed.filter((u) => u.id !== action.payload);
  },
  downloadQueued(state: TransfersState, action: PayloadAction<DownloadItem>) {
    const { downloads } = state;
    const busy = downloads.current?.messageId === action.payload.messageId;
    if (!busy && !downloads.pending.some((d) => d.messageId === action.payload.messageId))
      downloads.pending.push(action.payload);
  },
  downloadStarted(state: TransfersState, action: PayloadAction<number>) {
    const index = state.downloads.pending.findIndex((d) => d.messageId === action.payload);
    if (index < 0) return;
    state.downloads.current = state.downloads.pending.splice(index, 1)[0]!;
    state.downloads.progress = 0;
  },
  downloadProgressed(state: TransfersState, action: PayloadAction<number>) {
    if (state.downloads.current) state.downloads.progress = clamp(action.payload);
  },
  downloadFinished(state: TransfersState, action: PayloadAction<number>) {
    if (state.downloads.current?.messageId === action.payload) {
      state.downloads.current = null;
      state.downloads.progress = 0;
    }
  },
};
