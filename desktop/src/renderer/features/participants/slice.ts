import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ParticipantDto, ParticipantPermission } from '@tsudoi/common';
import { sessionReset } from '../auth';

/** The host's participant list and permission editor of the live floor (issue 16). */
export interface ParticipantsState {
  floorId: number | null;
  open: boolean;
  items: ParticipantDto[];
  loading: boolean;
  error: string | null;
  /** The participant whose flags are being saved. */
  saving: number | null;
}

export interface WithParticipants {
  participants: ParticipantsState;
}

const initialState: ParticipantsState = {
  floorId: null,
  open: false,
  items: [],
  loading: false,
  error: null,
  saving: null,
};

const slice = createSlice({
  name: 'participants',
  initialState,
  reducers: {
    participantsOpened(state, action: PayloadAction<number>) {
      Object.assign(state, { floorId: action.payload, open: true, loading: true, error: null });
    },
    participantsClosed(state) {
      state.open = false;
    },
    participantsLoaded(state, action: PayloadAction<ParticipantDto[]>) {
      state.items = action.payload;
      state.loading = false;
    },
    participantsFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.saving = null;
      state.error = action.payload;
    },
    permissionToggled(state, action: PayloadAction<{ id: number; permission: ParticipantPermission; value: boolean }>) {
      const item = state.items.find((p) => p.id === action.payload.id);
      if (!item || state.saving !== null) return;
      item.permissions[action.payload.permission] = action.payload.value;
      state.saving = item.id;
      state.error = null;
    },
    permissionSaved(state, action: PayloadAction<ParticipantDto>) {
      state.items = state.items.map((p) => (p.id === action.payload.id ? action.payload : p));
      state.saving = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  participantsOpened,
  participantsClosed,
  participantsLoaded,
  participantsFailed,
  permissionToggled,
  permissionSaved,
} = slice.actions;
export const participantsReducer = slice.reducer;
export const selectParticipants = (state: WithParticipants) => state.participants;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    participants: ReturnType<typeof participantsReducer>;
  }
}
