import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ActiveRecordingDto,
  FloorEmployee,
  RecordingDetailDto,
  RecordingDto,
  RecordingLinkDto,
} from '@tsudoi/common';

type Load = 'idle' | 'loading' | 'ready' | 'failed';

export interface RecordingsState {
  /** Recordings running on my live floor, by room id (Media state isRecording for my room). */
  active: Record<number, ActiveRecordingDto>;
  /** A start or stop is on its way. */
  busy: boolean;
  list: { floorId: number | null; items: RecordingDto[]; status: Load; page: number; pageCount: number; total: number };
  detail: { id: number | null; item: RecordingDetailDto | null; status: Load; link: RecordingLinkDto | null };
  /** The team members a recording may be shared with (loaded when its share panel opens). */
  sharePeople: FloorEmployee[] | null;
}

const initialState: RecordingsState = {
  active: {},
  busy: false,
  list: { floorId: null, items: [], status: 'idle', page: 1, pageCount: 1, total: 0 },
  detail: { id: null, item: null, status: 'idle', link: null },
  sharePeople: null,
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
    /** The list of a floor, at a page (the first by default). */
    recordingListRequested: {
      reducer(state, action: PayloadAction<{ floorId: number; page: number }>) {
        const { floorId, page } = action.payload;
        if (state.list.floorId !== floorId)
          state.list = { floorId, items: [], status: 'loading', page, pageCount: 1, total: 0 };
        else state.list.page = page;
      },
      prepare: (floorId: number, page = 1) => ({ payload: { floorId, page } }),
    },
    recordingListLoaded(
      state,
      action: PayloadAction<{ floorId: number; items: RecordingDto[]; page: number; pageCount: number; total: number }>,
    ) {
      if (state.list.floorId === action.payload.floorId) state.list = { ...action.payload, status: 'ready' };
    },
    recordingListFailed(state) {
      state.list.status = 'failed';
    },
    recordingDetailRequested(state, action: PayloadAction<number>) {
      if (state.detail.id !== action.payload)
        state.detail = { id: action.payload, item: null, status: 'loading', link: null };
    },
    recordingDetailLoaded(state, action: PayloadAction<RecordingDetailDto>) {
      if (state.detail.id === action.payload.id)
        state.detail = { ...state.detail, id: action.payload.id, item: action.payload, status: 'ready' };
    },
    /** The file's short link for this browser (renewed before it ends while the page is open). */
    recordingLinkLoaded(state, action: PayloadAction<{ id: number; link: RecordingLinkDto }>) {
      if (state.detail.id === action.payload.id) state.detail.link = action.payload.link;
    },
    recordingShareRequested(_state, _action: PayloadAction<{ id: number; userIds: number[] }>) {},
    sharePeopleRequested(_state, _action: PayloadAction<number>) {},
    sharePeopleLoaded(state, action: PayloadAction<FloorEmployee[]>) {
      state.sharePeople = action.payload;
    },
    recordingUnshareRequested(_state, _action: PayloadAction<{ id: number; userId: number }>) {},
    recordingDetailFailed(state) {
      state.detail.status = 'failed';
    },
    transcriptRegenerateRequested(_state, _action: PayloadAction<number>) {},
    minutesRegenerateRequested(_state, _action: PayloadAction<number>) {},
    recordingDeleteRequested(_state, _action: PayloadAction<number>) {},
    recordingDeleted(state, action: PayloadAction<number>) {
      state.list.items = state.list.items.filter((r) => r.id !== action.payload);
      if (state.detail.id === action.payload) state.detail = { id: null, item: null, status: 'idle', link: null };
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
  recordingLinkLoaded,
  recordingShareRequested,
  recordingUnshareRequested,
  sharePeopleRequested,
  sharePeopleLoaded,
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

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    recordings: ReturnType<typeof recordingsReducer>;
  }
}
