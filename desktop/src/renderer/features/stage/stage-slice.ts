import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  byQaOrder,
  type PresentationDto,
  type PresentationRole,
  type PresentationView,
  type QaQuestionDto,
} from '@tsudoi/common';

export interface PresentationViewSettings {
  focused?: PresentationDto['focused'];
  showParticipants?: boolean;
}

/** The floor's presentation and its Q&A as this client sees them (spec §3 Active floor state, Q&A question). */
export interface StageState {
  presentation: PresentationDto | null;
  /** Visible questions: pinned first, answered last, by score (the server's order, byQaOrder). */
  questions: QaQuestionDto[];
  /** My own vote per question id (1 up, -1 down): the floor's pushes carry none. */
  votes: Record<number, number>;
  /** A request is on its way (start, join, leave, stop). */
  busy: boolean;
  /** The room I came from, to go back to when I leave or the presentation ends. */
  returnRoomId: number | null;
  /** My camera and microphone as they were when joining turned them off: given back when I am out again. */
  devicesBefore: { mic: boolean; camera: boolean } | null;
}

export interface WithStage {
  stage: StageState;
}

export const stageInitialState: StageState = {
  presentation: null,
  questions: [],
  votes: {},
  busy: false,
  returnRoomId: null,
  devicesBefore: null,
};

const stageSlice = createSlice({
  name: 'stage',
  initialState: stageInitialState,
  reducers: {
    stageLoaded(state, action: PayloadAction<PresentationView>) {
      state.presentation = action.payload.presentation;
      state.questions = action.payload.questions;
      state.votes = Object.fromEntries(action.payload.questions.filter((q) => q.voted).map((q) => [q.id, q.voted]));
    },
    presentationChanged(state, action: PayloadAction<PresentationDto | null>) {
      const before = state.presentation?.id;
      state.presentation = action.payload;
      if (!action.payload || action.payload.id !== before) {
        state.questions = [];
        state.votes = {};
      }
    },
    questionsChanged(state, action: PayloadAction<{ presentationId: number; questions: QaQuestionDto[] }>) {
      if (state.presentation?.id !== action.payload.presentationId) return;
      state.questions = action.payload.questions;
    },
    /** Spec §4: voting updates locally, then sends the up flag. */
    voteRequested(state, action: PayloadAction<{ id: number; up: boolean }>) {
      const { id, up } = action.payload;
      const q = state.questions.find((x) => x.id === id);
      if (!q) return;
      const value = up ? 1 : -1;
      q.score += value - (state.votes[id] ?? 0);
      state.votes[id] = value;
      state.questions.sort(byQaOrder);
    },
    voteAnswered(state, action: PayloadAction<QaQuestionDto>) {
      state.votes[action.payload.id] = action.payload.voted;
    },
    startRequested(
      state,
      _action: PayloadAction<{ isPrivateRoom: boolean; saveChat?: boolean; kind?: 'presentation' | 'conference' }>,
    ) {
      state.busy = true;
    },
    joinRequested(state, _action: PayloadAction<{ role: PresentationRole }>) {
      state.busy = true;
    },
    /** Leave; `download`: the presentation chat as a file first (save-chat on, the leave dialog's choice). */
    leaveRequested: {
      reducer(state, _action: PayloadAction<{ download: boolean }>) {
        state.busy = true;
      },
      prepare: (payload: { download: boolean } = { download: false }) => ({ payload }),
    },
    stopRequested(state) {
      state.busy = true;
    },
    askRequested(_state, _action: PayloadAction<string>) {},
    hideRequested(_state, _action: PayloadAction<number>) {},
    markRequested(_state, _action: PayloadAction<{ id: number; answered?: boolean; pinned?: boolean }>) {},
    removeRequested(_state, _action: PayloadAction<number>) {},
    /** The host sends a speaker back to the audience (userId). */
    demoteRequested(_state, _action: PayloadAction<number>) {},
    /** The host's view for everyone: the focused speaker's source (null: none) and the participant list. */
    viewRequested(_state, _action: PayloadAction<PresentationViewSettings>) {},
    /** Waiting room and requests to speak: ask to speak, and the host's answers (userId). */
    speakRequested(_state) {},
    admitRequested(_state, _action: PayloadAction<number>) {},
    denyRequested(_state, _action: PayloadAction<number>) {},
    callRequested(_state, _action: PayloadAction<number>) {},
    requestEnded(state) {
      state.busy = false;
    },
    returnRoomSet(state, action: PayloadAction<number | null>) {
      state.returnRoomId = action.payload;
    },
    devicesRemembered(state, action: PayloadAction<StageState['devicesBefore']>) {
      state.devicesBefore = action.payload;
    },
    stageReset() {
      return stageInitialState;
    },
  },
});

export const {
  stageLoaded,
  presentationChanged,
  questionsChanged,
  voteRequested,
  voteAnswered,
  startRequested,
  joinRequested,
  leaveRequested,
  stopRequested,
  askRequested,
  hideRequested,
  markRequested,
  removeRequested,
  demoteRequested,
  viewRequested,
  speakRequested,
  admitRequested,
  denyRequested,
  callRequested,
  requestEnded,
  returnRoomSet,
  devicesRemembered,
  stageReset,
} = stageSlice.actions;
export const stageReducer = stageSlice.reducer;
export const selectStage = (state: WithStage): StageState => state.stage;

/** My row in the presentation (any role, the waiting room's W included), or undefined. */
export const myMembership = (p: PresentationDto | null, userId: number | undefined) =>
  p?.members.find((m) => m.userId === userId);
/** May speak on this stage: speech for a presentation, conference for a conference (subhost and host: both). */
export const maySpeakOn = (
  kind: PresentationDto['kind'],
  me: { isHost: boolean; isGuest: boolean; permissions: Record<string, boolean> } | null | undefined,
) =>
  !!me &&
  !me.isGuest &&
  (me.isHost || !!me.permissions.subhost || !!me.permissions[kind === 'conference' ? 'conference' : 'speech']);

/** In the presentation itself: a speaker or one of its audience (not waiting outside). */
export const isInside = (p: PresentationDto | null, userId: number | undefined) => {
  const role = myMembership(p, userId)?.role;
  return role === 'S' || role === 'A';
};

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    stage: ReturnType<typeof stageReducer>;
  }
}
