import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { KnockDto, LobbyState, VisitDto } from '@tsudoi/common';

/**
 * A guest's side of their visit: standby (on the floor, not let in), knocking,
 * admitted. Ended and rejected go to the live floor's removal dialog.
 */
export type VisitPhase = 'none' | 'standby' | 'knocking' | 'admitted';

export interface VisitState {
  /** The guest's own visit (null for members). */
  visit: VisitDto | null;
  phase: VisitPhase;
  /** Knocks waiting for me (the booking's owner, the host). */
  knocks: KnockDto[];
  /** The reminder shown, until dismissed, extended or ended. */
  reminder: VisitDto | null;
  /**
   * When the reminded booking ends by this page's clock (ms): the reminder comes its `reminder` minutes
   * before the end, so the countdown runs from its arrival and a computer whose clock is off still counts right.
   */
  reminderEndsAt: number | null;
  /** The knock (appointment id) being answered, or my knock being sent (0). */
  busy: number | null;
  extending: boolean;
}

export interface WithVisits {
  visits: VisitState;
}

const initialState: VisitState = {
  visit: null,
  phase: 'none',
  knocks: [],
  reminder: null,
  reminderEndsAt: null,
  busy: null,
  extending: false,
};

const phaseOf = (visit: VisitDto | null): VisitPhase => {
  if (!visit) return 'none';
  if (visit.guestStatus === 'admitted') return 'admitted';
  if (visit.guestStatus === 'knocking') return 'knocking';
  return 'standby';
};

const slice = createSlice({
  name: 'visits',
  initialState,
  reducers: {
    lobbyLoaded(state, action: PayloadAction<LobbyState>) {
      state.visit = action.payload.visit;
      state.phase = phaseOf(action.payload.visit);
      state.knocks = action.payload.knocks;
    },
    knockRequested(state) {
      state.busy = 0;
    },
    knockSent(state, action: PayloadAction<VisitDto>) {
      state.busy = null;
      state.visit = action.payload;
      state.phase = phaseOf(action.payload);
    },
    knockFailed(state) {
      state.busy = null;
    },
    knockReceived(state, action: PayloadAction<KnockDto>) {
      state.knocks = [...state.knocks.filter((k) => k.visit.id !== action.payload.visit.id), action.payload];
    },
    /** `joinRoomId`: let in and go along into the booked room (the host meets the guest there). */
    knockAnswerRequested(state, action: PayloadAction<{ appointmentId: number; admit: boolean; joinRoomId?: number }>) {
      state.busy = action.payload.appointmentId;
    },
    knockAnswered(state, action: PayloadAction<{ appointmentId: number }>) {
      state.knocks = state.knocks.filter((k) => k.visit.id !== action.payload.appointmentId);
      if (state.busy === action.payload.appointmentId) state.busy = null;
    },
    knockAnswerFailed(state) {
      state.busy = null;
    },
    visitAdmitted(state, action: PayloadAction<VisitDto>) {
      state.visit = action.payload;
      state.phase = 'admitted';
    },
    visitStarted(state, action: PayloadAction<VisitDto>) {
      if (state.visit?.id === action.payload.id)
        state.visit = { ...action.payload, guestStatus: state.visit.guestStatus };
    },
    reminderReceived: {
      reducer(state, action: PayloadAction<{ visit: VisitDto; endsAt: number }>) {
        const { visit, endsAt } = action.payload;
        state.reminder = visit;
        state.reminderEndsAt = endsAt;
        if (state.visit?.id === visit.id) state.visit.endAt = visit.endAt;
      },
      prepare: (visit: VisitDto, receivedAt = Date.now()) => ({
        payload: { visit, endsAt: receivedAt + visit.reminder * 60_000 },
      }),
    },
    reminderDismissed(state) {
      state.reminder = null;
    },
    extendRequested(state, _action: PayloadAction<number>) {
      state.extending = true;
    },
    extendFinished(state) {
      state.extending = false;
    },
    visitExtended(state, action: PayloadAction<VisitDto>) {
      if (state.reminder?.id === action.payload.id) state.reminder = null;
      if (state.visit?.id === action.payload.id) state.visit.endAt = action.payload.endAt;
    },
    /** An appointment ended: everyone clears it (the guest's own end goes to the removal dialog). */
    visitEnded(state, action: PayloadAction<{ appointmentId: number }>) {
      const id = action.payload.appointmentId;
      state.knocks = state.knocks.filter((k) => k.visit.id !== id);
      if (state.reminder?.id === id) state.reminder = null;
      if (state.visit?.id === id) {
        state.visit = null;
        state.phase = 'none';
      }
    },
    visitsReset: () => initialState,
  },
});

export const {
  lobbyLoaded,
  knockRequested,
  knockSent,
  knockFailed,
  knockReceived,
  knockAnswerRequested,
  knockAnswered,
  knockAnswerFailed,
  visitAdmitted,
  visitStarted,
  reminderReceived,
  reminderDismissed,
  extendRequested,
  extendFinished,
  visitExtended,
  visitEnded,
  visitsReset,
} = slice.actions;
export const visitsReducer = slice.reducer;
export const selectVisits = (state: WithVisits) => state.visits;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../../app/root-state' {
  interface RootState {
    visits: ReturnType<typeof visitsReducer>;
  }
}
