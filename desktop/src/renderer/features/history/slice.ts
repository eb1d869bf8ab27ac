import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Paged, ParticipantLogEntryDto } from '@tsudoi/common';
import { sessionReset } from '../auth';
import type { HistoryQuery } from './api';

/** The floor enter/leave history screen (issue 16). */
export interface HistoryState {
  query: HistoryQuery | null;
  page: Paged<ParticipantLogEntryDto> | null;
  loading: boolean;
  downloading: boolean;
  error: string | null;
  fields: Record<string, string>;
}

export interface WithHistory {
  history: HistoryState;
}

const initialState: HistoryState = {
  query: null,
  page: null,
  loading: false,
  downloading: false,
  error: null,
  fields: {},
};

const slice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    historyRequested(state, action: PayloadAction<HistoryQuery>) {
      Object.assign(state, { query: action.payload, loading: true, error: null, fields: {} });
    },
    historyLoaded(state, action: PayloadAction<Paged<ParticipantLogEntryDto>>) {
      state.page = action.payload;
      state.loading = false;
    },
    historyFailed(state, action: PayloadAction<{ message: string | null; fields: Record<string, string> }>) {
      state.loading = false;
      state.downloading = false;
      state.page = null;
      state.error = action.payload.message;
      state.fields = action.payload.fields;
    },
    historyDownloadRequested(state, _action: PayloadAction<Omit<HistoryQuery, 'page'>>) {
      state.downloading = true;
    },
    historyDownloaded(state) {
      state.downloading = false;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const { historyRequested, historyLoaded, historyFailed, historyDownloadRequested, historyDownloaded } =
  slice.actions;
export const historyReducer = slice.reducer;
export const selectHistory = (state: WithHistory) => state.history;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    history: ReturnType<typeof historyReducer>;
  }
}
