import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Paged } from '@tsudoi/common';

export type Row = Record<string, unknown> & { id: number | string };

interface Loadable<T> {
  /** The API path (with its query) the data answers; a newer request replaces it. */
  path: string;
  data: T | null;
  loading: boolean;
  error: string | null;
}

export interface ConsoleState {
  /** One list per resource key (users, floors…). */
  lists: Record<string, Loadable<Paged<Row>>>;
  /** Detail answers by API path. */
  details: Record<string, Loadable<Record<string, unknown>>>;
  saving: boolean;
  /** Bumped after each successful change; pages that asked for it navigate to `to`. */
  done: { seq: number; to: string | null };
}

export interface WithConsole {
  console: ConsoleState;
}

export interface MutationRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Where to go once it succeeded (a detail page, the list). */
  to?: string;
  /** Lists and details to load again once it succeeded. */
  reload?: { key?: string; path: string }[];
}

const initialState: ConsoleState = { lists: {}, details: {}, saving: false, done: { seq: 0, to: null } };

const consoleSlice = createSlice({
  name: 'console',
  initialState,
  reducers: {
    listRequested(state, action: PayloadAction<{ key: string; path: string }>) {
      const { key, path } = action.payload;
      const previous = state.lists[key];
      state.lists[key] = { path, data: previous?.data ?? null, loading: true, error: null };
    },
    listLoaded(state, action: PayloadAction<{ key: string; path: string; data: Paged<Row> }>) {
      const list = state.lists[action.payload.key];
      if (!list || list.path !== action.payload.path) return;
      list.data = action.payload.data;
      list.loading = false;
    },
    listFailed(state, action: PayloadAction<{ key: string; path: string; error: string }>) {
      const list = state.lists[action.payload.key];
      if (!list || list.path !== action.payload.path) return;
      list.loading = false;
      list.error = action.payload.error;
    },
    detailRequested(state, action: PayloadAction<{ path: string }>) {
      const { path } = action.payload;
      state.details[path] = { path, data: state.details[path]?.data ?? null, loading: true, error: null };
    },
    detailLoaded(state, action: PayloadAction<{ path: string; data: Record<string, unknown> }>) {
      state.details[action.payload.path] = {
        path: action.payload.path,
        data: action.payload.data,
        loading: false,
        error: null,
      };
    },
    detailFailed(state, action: PayloadAction<{ path: string; error: string }>) {
      const detail = state.details[action.payload.path];
      if (detail) {
        detail.loading = false;
        detail.error = action.payload.error;
      }
    },
    mutationRequested(state, _action: PayloadAction<MutationRequest>) {
      state.saving = true;
    },
    mutationSucceeded(state, action: PayloadAction<{ to: string | null }>) {
      state.saving = false;
      state.done = { seq: state.done.seq + 1, to: action.payload.to };
    },
    mutationFailed(state) {
      state.saving = false;
    },
    exportRequested(_state, _action: PayloadAction<{ path: string }>) {},
  },
});

export const {
  listRequested,
  listLoaded,
  listFailed,
  detailRequested,
  detailLoaded,
  detailFailed,
  mutationRequested,
  mutationSucceeded,
  mutationFailed,
  exportRequested,
} = consoleSlice.actions;
export const consoleReducer = consoleSlice.reducer;

export const selectList = (key: string) => (state: WithConsole) => state.console.lists[key];
export const selectDetail = (path: string) => (state: WithConsole) => state.console.details[path];
export const selectSaving = (state: WithConsole) => state.console.saving;
export const selectDone = (state: WithConsole) => state.console.done;
