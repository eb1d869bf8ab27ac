import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LocalSource } from './devices';
import { EMPTY_LISTS, NO_SELECTION, type DeviceKind, type DeviceLists, type DeviceSelection } from './device-list';
import type { TileView } from './layers';
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
  /** The cameras, microphones and speakers of this computer, and the chosen one of each. */
  devices: DeviceLists;
  selected: DeviceSelection;
  /** Who in my room speaks now (user ids). */
  speaking: number[];
  /** The room whose media join has finished (what the page loads next waits for it: floors/after-join). */
  settledRoom: number | null;
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
  devices: EMPTY_LISTS,
  selected: NO_SELECTION,
  speaking: [],
  settledRoom: null,
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
    devicesListed(state, action: PayloadAction<{ devices: DeviceLists; selected: DeviceSelection }>) {
      state.devices = action.payload.devices;
      state.selected = action.payload.selected;
    },
    /** The user picked a device (the saga switches an open one and remembers the choice). */
    deviceSelected(state, action: PayloadAction<{ kind: DeviceKind; deviceId: string }>) {
      state.selected[action.payload.kind] = action.payload.deviceId;
    },
    /** A page opened a device (the browser may name the devices now): list them again. */
    devicesStale() {},
    speakersChanged(state, action: PayloadAction<number[]>) {
      state.speaking = action.payload;
    },
    /** A remote video tile was shown, hidden or resized (the saga tells the media client). */
    tileViewChanged(_state, _action: PayloadAction<{ consumerId: string } & TileView>) {},
    mediaStatusChanged(state, action: PayloadAction<{ status: MediaStatus; roomId: number | null }>) {
      state.status = action.payload.status;
      state.roomId = action.payload.roomId;
      if (action.payload.status === 'connecting') state.settledRoom = null;
      if (action.payload.status !== 'connected') {
        state.remote = [];
        state.speaking = [];
      }
    },
    mediaSettled(state, action: PayloadAction<number>) {
      state.settledRoom = action.payload;
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
      return {
        ...mediaInitialState,
        mic: state.mic,
        camera: state.camera,
        devices: state.devices,
        selected: state.selected,
      };
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
  mediaSettled,
  localTrackChanged,
  remoteTrackAdded,
  remoteTrackRemoved,
  mediaReset,
  devicesListed,
  deviceSelected,
  speakersChanged,
  tileViewChanged,
  devicesStale,
} = mediaSlice.actions;
export const mediaReducer = mediaSlice.reducer;
export const selectMedia = (state: WithMedia): MediaState => state.media;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    media: ReturnType<typeof mediaReducer>;
  }
}
