import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LocalSource } from './devices';
import type { MediaStatus, RemoteTrack } from './media-events';

export interface MediaState {
  status: MediaStatus;
  /** The room whose media this is (or is being joined). */
  roomId: number | null;
  /** What the user wants on (kept across rooms). */
  mic: boolean;
  camera: boolean;
  screen: boolean;
  /** Local track ids (trackStore) by source, while open. */
  local: Record<LocalSource, string | null>;
  remote: RemoteTrack[];
}

export interface WithMedia {
  media: MediaState;
}

export const mediaInitialState: MediaState = {
  status: 'idle',
  roomId: null,
  mic: true,
  camera: true,
  screen: false,
  local: { mic: null, camera: null, screen: null },
  remote: [],
};

const mediaSlice = createSlice({
  name: 'media',
  initialState: mediaInitialState,
  reducers: {
    /** The preferences read at the start of a visit. */
    mediaPreferencesLoaded(state, action: PayloadAction<{ mic: boolean; camera: boolean }>) {
      state.mic = action.payload.mic;
      state.camera = action.payload.camera;
    },
    micToggled() {},
    cameraToggled() {},
    screenToggled() {},
    mediaDeviceSet(state, action: PayloadAction<{ source: LocalSource; on: boolean }>) {
      state[action.payload.source] = action.payload.on;
    },
    mediaStatusChanged(state, action: PayloadAction<{ status: MediaStatus; roomId: number | null }>) {
      state.status = action.payload.status;
      state.roomId = action.payload.roomId;
      if (action.payload.status !== 'connected') state.remote = [];
    },
    localTrackChanged(state, action: PayloadAction<{ source: LocalSource; trackId: string | null }>) {
      state.local[action.payload.source] = action.payload.trackId;
      if (action.payload.source === 'screen') state.screen = action.payload.trackId !== null;
    },
    remoteTrackAdded(state, action: PayloadAction<RemoteTrack>) {
      state.remote = state.remote.filter((r) => r.consumerId !== action.payload.consumerId);
      state.remote.push(action.payload);
    },
    remoteTrackRemoved(state, action: PayloadAction<string>) {
      state.remote = state.remote.filter((r) => r.consumerId !== action.payload);
    },
    mediaReset(state) {
      return { ...mediaInitialState, mic: state.mic, camera: state.camera };
    },
  },
});

export const {
  mediaPreferencesLoaded,
  micToggled,
  cameraToggled,
  screenToggled,
  mediaDeviceSet,
  mediaStatusChanged,
  localTrackChanged,
  remoteTrackAdded,
  remoteTrackRemoved,
  mediaReset,
} = mediaSlice.actions;
export const mediaReducer = mediaSlice.reducer;
export const selectMedia = (state: WithMedia): MediaState => state.media;
