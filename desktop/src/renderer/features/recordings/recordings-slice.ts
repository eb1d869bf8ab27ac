import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActiveRecordingDto, RecordingDetailDto, RecordingDto } from '@tsudoi/common';

type Load = 'idle' | 'loading' | 'ready' | 'failed';

export interface RecordingsState {
  /** Recordings running on my live floor, by room id (Media state isRecording for my room). */
  active: Record<number, ActiveRecordingDto>;
  /** A start or stop is on its way. */
  busy: boolean;
  list: { floorId: number | null; items: RecordingDto[]; status: Load };
  detail: { id: number | null; item: RecordingDetailDto | null; status: Load };
}

const initialState: RecordingsState = {
  active: {},
  busy: false,
  list: { floorId: null, items: [], status: 'idle' },
  detail: { id: null, item: null, status: 'idle' },
};

const slice = createSlice({
  name: 'recordings',
  initialState,
  reducers: {
    recordingStartRequested(state) {
      state.busy = true;
    },
    recordingStopRequested(state) {
      state.busy = true;
    },
    recordingRequestDone(state) {
      state.busy = false;
    },
    activeRecordingsListed(state, action: PayloadAction<ActiveRecordingDto[]>) {
      state.active = Object.fromEntries(action.payload.map((r) => [r.roomId, r]));
    },
    activeRecordingChanged(state, action: PayloadAction<{ roomId: number; recording: ActiveRecordingDto | null }>) {
      const { roomId, recording } = action.payload;
      if (recording) state.active[roomId] = recording;
      else delete state.active[roomId];
    },
    activeRecordingsReset(state) {
      state.active = {};
      state.busy = false;
    },
    recordingListRequested(state, action: PayloadAction<number>) {
      if (state.list.floorId !== action.payload) state.list = { floorId: action.payload, items: [], status: 'loading' };
    },
    recordingListLoaded(state, action: PayloadAction<{ floorId: number; items: RecordingDto[] }>) {
      if (state.list.floorId === action.payload.floorId) state.list = { ...action.payload, status: 'ready' };
    },
    recordingListFailed(state) {
      state.list.status = 'failed';
    },
    recordingDetailRequested(state, action: PayloadAction<number>) {
      if (state.detail.id !== action.payload) state.detail = { id: action.payload, item: null, status: 'loading' };
    },
    recordingDetailLoaded(state, action: PayloadAction<RecordingDetailDto>) {
      if (state.detail.id === action.payload.id)
        state.detail = { id: action.payload.id, item: action.payload, status: 'ready' };
    },
    recordingDetailFailed(state) {
      state.detail.status = 'failed';
    },
    transcriptRegenerateRequested(_state, _action: PayloadAction<number>) {},
    minutesRegenerateRequested(_state, _action: PayloadAction<number>) {},
    recordingDeleteRequested(_state, _action: PayloadAction<number>) {},
    recordingDeleted(state, action: PayloadAction<number>) {
      state.list.items = state.list.items.filter((r) => r.id !== action.payload);
      if (state.detail.id === action.payload) state.detail = { id: null, item: null, status: 'idle' };
    },
    /** Leaving a recordings page stops its polling. */
    recordingPagesLeft(state) {
      state.list.floorId = null;
      state.detail.id = null;
    },
  },
});

export const {
  recordingStartRequested,
  recordingStopRequested,
  recordingRequestDone,
  activeRecordingsListed,
  activeRecordingChanged,
  activeRecordingsReset,
  recordingListRequested,
  recordingListLoaded,
  recordingListFailed,
  recordingDetailRequested,
  recordingDetailLoaded,
  recordingDetailFailed,
  transcriptRegenerateRequested,
  minutesRegenerateRequested,
  recordingDeleteRequested,
  recordingDeleted,
  recordingPagesLeft,
} = slice.actions;
export const recordingsReducer = slice.reducer;
export const selectRecordings = (state: { recordings: RecordingsState }) => state.recordings;

/** Whether something is in progress (the list and the detail page poll while it is). */
export const inProgress = (r: RecordingDto): boolean =>
  r.status === 'recording' ||
  r.status === 'processing' ||
  ['queued', 'generating'].includes(r.transcriptStatus) ||
  ['queued', 'generating'].includes(r.minutesStatus);
