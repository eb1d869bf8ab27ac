import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PresenceReason, PresenceStatus } from '@tsudoi/common';
import { sessionReset } from '@tsudoi/ui/session';

/** Who asked for a status: the desktop app (tray, idle, lock, suspend, back) or the page's status menu. */
export type StatusSource = PresenceReason | 'page';

/**
 * The activeStatus the user wants (spec: available, busy, away, in a meeting).
 * It is the floor's business once they are on one (floor:updateUser); off a
 * floor it is kept and sent when they join.
 */
export interface PresenceState {
  status: PresenceStatus;
  /** Chosen in this app session (tray, idle rules, status menu); until then the floor's saved status is adopted. */
  chosen: boolean;
}

export interface WithPresence {
  presence: PresenceState;
}

export const presenceInitialState: PresenceState = { status: 'available', chosen: false };

const presenceSlice = createSlice({
  name: 'presence',
  initialState: presenceInitialState,
  reducers: {
    activeStatusRequested(state, action: PayloadAction<{ status: PresenceStatus; source: StatusSource }>) {
      state.status = action.payload.status;
      state.chosen = true;
    },
    /** Joined a floor before choosing anything: its saved status is ours. */
    activeStatusAdopted(state, action: PayloadAction<PresenceStatus>) {
      state.status = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => presenceInitialState),
});

export const { activeStatusAdopted, activeStatusRequested } = presenceSlice.actions;
export const presenceReducer = presenceSlice.reducer;
export const selectPresence = (state: WithPresence) => state.presence;
export const selectActiveStatus = (state: WithPresence) => state.presence.status;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    presence: ReturnType<typeof presenceReducer>;
  }
}
