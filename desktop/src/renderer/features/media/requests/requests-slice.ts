import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { MediaRequestDto, MediaRequestEnded, MediaSource } from '@tsudoi/common';

/** A device someone declined to turn on for me (spec Media state: denied requests). */
export interface DeniedRequest {
  receiverId: number;
  deviceType: MediaSource;
}

/** A short message on the floor: the host turned my device off, or my request was answered. */
export interface MediaNotice {
  id: string;
  kind: 'hostOff' | 'allowed' | 'denied';
  deviceType: MediaSource;
  /** Who answered my request (allowed / denied). */
  userId?: number;
}

export interface MediaRequestsState {
  /** Requests I sent that wait for an answer. */
  pending: MediaRequestDto[];
  /** Requests to me that wait for my answer. */
  received: MediaRequestDto[];
  denied: DeniedRequest[];
  /** `receiverId:deviceType` of a request being sent. */
  asking: string | null;
  /** Id of a request being answered or cancelled. */
  busy: string | null;
  /** The host control being run. */
  turningOff: MediaSource | null;
  notices: MediaNotice[];
}

export interface WithMediaRequests {
  mediaRequests: MediaRequestsState;
}

export const mediaRequestsInitialState: MediaRequestsState = {
  pending: [],
  received: [],
  denied: [],
  asking: null,
  busy: null,
  turningOff: null,
  notices: [],
};

export const askKey = (receiverId: number, deviceType: MediaSource) => `${receiverId}:${deviceType}`;
const MAX_NOTICES = 3;

const slice = createSlice({
  name: 'mediaRequests',
  initialState: mediaRequestsInitialState,
  reducers: {
    mediaRequestAsked(state, action: PayloadAction<{ receiverId: number; deviceType: MediaSource }>) {
      state.asking = askKey(action.payload.receiverId, action.payload.deviceType);
    },
    mediaRequestSent(state, action: PayloadAction<MediaRequestDto>) {
      const r = action.payload;
      state.asking = null;
      state.pending = [...state.pending.filter((p) => p.id !== r.id), r];
      state.denied = state.denied.filter((d) => d.receiverId !== r.receiverId || d.deviceType !== r.deviceType);
    },
    mediaRequestFailed(state) {
      state.asking = null;
      state.busy = null;
    },
    mediaRequestCancelRequested(state, action: PayloadAction<string>) {
      state.busy = action.payload;
    },
    mediaRequestAnswerRequested(state, action: PayloadAction<{ id: string; allow: boolean }>) {
      state.busy = action.payload.id;
    },
    mediaRequestReceived(state, action: PayloadAction<MediaRequestDto>) {
      state.received = [...state.received.filter((r) => r.id !== action.payload.id), action.payload];
    },
    /** Ended on the server (answered, cancelled, or one of us left): `me` tells which side I am. */
    mediaRequestEnded(state, action: PayloadAction<{ ended: MediaRequestEnded; me: number }>) {
      const { ended, me } = action.payload;
      state.pending = state.pending.filter((r) => r.id !== ended.id);
      state.received = state.received.filter((r) => r.id !== ended.id);
      if (state.busy === ended.id) state.busy = null;
      if (ended.requesterId !== me) return;
      if (ended.outcome === 'denied') {
        const { receiverId, deviceType } = ended;
        state.denied = [
          ...state.denied.filter((d) => d.receiverId !== receiverId || d.deviceType !== deviceType),
          { receiverId, deviceType },
        ];
      }
      if (ended.outcome === 'denied' || ended.outcome === 'allowed')
        state.notices = [
          ...state.notices,
          { id: nanoid(), kind: ended.outcome, deviceType: ended.deviceType, userId: ended.receiverId },
        ].slice(-MAX_NOTICES);
    },
    mediaRequestsListed(state, action: PayloadAction<{ sent: MediaRequestDto[]; received: MediaRequestDto[] }>) {
      state.pending = action.payload.sent;
      state.received = action.payload.received;
    },
    turnOffAllRequested(state, action: PayloadAction<MediaSource>) {
      state.turningOff = action.payload;
    },
    turnOffAllFinished(state) {
      state.turningOff = null;
    },
    hostTurnedOff(state, action: PayloadAction<MediaSource>) {
      state.notices = [...state.notices, { id: nanoid(), kind: 'hostOff' as const, deviceType: action.payload }].slice(
        -MAX_NOTICES,
      );
    },
    mediaNoticeDismissed(state, action: PayloadAction<string>) {
      state.notices = state.notices.filter((n) => n.id !== action.payload);
    },
    mediaRequestsReset() {
      return mediaRequestsInitialState;
    },
  },
});

export const {
  mediaRequestAsked,
  mediaRequestSent,
  mediaRequestFailed,
  mediaRequestCancelRequested,
  mediaRequestAnswerRequested,
  mediaRequestReceived,
  mediaRequestEnded,
  mediaRequestsListed,
  turnOffAllRequested,
  turnOffAllFinished,
  hostTurnedOff,
  mediaNoticeDismissed,
  mediaRequestsReset,
} = slice.actions;
export const mediaRequestsReducer = slice.reducer;
export const selectMediaRequests = (state: WithMediaRequests): MediaRequestsState => state.mediaRequests;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../../app/root-state' {
  interface RootState {
    mediaRequests: ReturnType<typeof mediaRequestsReducer>;
  }
}
