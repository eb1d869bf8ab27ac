import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { VirtualBackgroundDto } from '@tsudoi/common';

/** A background in the picker: its thumbnail is an object URL of the downloaded bytes (null while loading). */
export interface PickerBackground {
  id: number;
  /** blob: URL of the image, usable by the camera effect; null until downloaded. */
  url: string | null;
  failed: boolean;
}

export interface VirtualBackgroundsState {
  /** Whose list this is: 'user:<id>', 'guest:<floorId>:<userId>', or null before the picker opened. */
  owner: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: PickerBackground[];
  error: string | null;
  upload: { busy: boolean; progress: number; error: string | null };
  /** The background being deleted. */
  deleting: number | null;
}

export const virtualBackgroundsInitial: VirtualBackgroundsState = {
  owner: null,
  status: 'idle',
  items: [],
  error: null,
  upload: { busy: false, progress: 0, error: null },
  deleting: null,
};

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));
const toItem = (dto: VirtualBackgroundDto): PickerBackground => ({ id: dto.id, url: null, failed: false });

const slice = createSlice({
  name: 'virtualBackgrounds',
  initialState: virtualBackgroundsInitial,
  reducers: {
    /** The picker is on screen, for a guest's floor (their guest session) or for the signed-in user. */
    pickerOpened(_state, _action: PayloadAction<{ floorId: number | null }>) {},
    listLoading(state, action: PayloadAction<string>) {
      if (state.owner !== action.payload) Object.assign(state, virtualBackgroundsInitial);
      state.owner = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<VirtualBackgroundDto[]>) {
      const known = new Map(state.items.map((item) => [item.id, item]));
      state.items = action.payload.map((dto) => known.get(dto.id) ?? toItem(dto));
      state.status = 'ready';
    },
    listFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    thumbnailLoaded(state, action: PayloadAction<{ id: number; url: string | null }>) {
      const item = state.items.find((i) => i.id === action.payload.id);
      if (!item) return;
      item.url = action.payload.url;
      item.failed = action.payload.url === null;
    },
    uploadRequested(_state, _action: PayloadAction<{ file: File }>) {},
    uploadStarted(state) {
      state.upload = { busy: true, progress: 0, error: null };
    },
    uploadProgressed(state, action: PayloadAction<number>) {
      if (state.upload.busy) state.upload.progress = clamp(action.payload);
    },
    uploadFinished(state, action: PayloadAction<{ added: VirtualBackgroundDto | null; error: string | null }>) {
      state.upload = { busy: false, progress: 0, error: action.payload.error };
      const { added } = action.payload;
      if (added && !state.items.some((i) => i.id === added.id)) state.items.unshift(toItem(added));
    },
    uploadErrorDismissed(state) {
      state.upload.error = null;
    },
    removeRequested(state, action: PayloadAction<number>) {
      state.deleting = action.payload;
    },
    removeFinished(state, action: PayloadAction<{ id: number; removed: boolean }>) {
      state.deleting = null;
      if (action.payload.removed) state.items = state.items.filter((i) => i.id !== action.payload.id);
    },
  },
});

export const {
  pickerOpened,
  listLoading,
  listLoaded,
  listFailed,
  thumbnailLoaded,
  uploadRequested,
  uploadStarted,
  uploadProgressed,
  uploadFinished,
  uploadErrorDismissed,
  removeRequested,
  removeFinished,
} = slice.actions;
export const virtualBackgroundsReducer = slice.reducer;

export interface WithVirtualBackgrounds {
  virtualBackgrounds: VirtualBackgroundsState;
}
export const selectVirtualBackgrounds = (state: WithVirtualBackgrounds) => state.virtualBackgrounds;

/** The camera effect's id of an uploaded background (`upload:<id>`, beside the built-in `builtin:*`). */
export const effectBackgroundOf = (picked: { id: number; url: string }) => ({
  id: `upload:${picked.id}`,
  url: picked.url,
});

/**
 * My uploaded backgrounds whose image is loaded, as the camera effects menu
 * takes them (`backgrounds` of EffectsMenu): ids `upload:<id>`, object URLs.
 */
export const selectMenuBackgrounds = createSelector([selectVirtualBackgrounds], (state) =>
  state.items.flatMap((item) => (item.url ? [effectBackgroundOf({ id: item.id, url: item.url })] : [])),
);

/** The uploaded background an effect's background id names, or null (none, blur or a built-in one). */
export function uploadedIdOf(effectBackgroundId: string | null | undefined): number | null {
  const match = /^upload:(\d+)$/.exec(effectBackgroundId ?? '');
  return match ? Number(match[1]) : null;
}

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    virtualBackgrounds: ReturnType<typeof virtualBackgroundsReducer>;
  }
}
