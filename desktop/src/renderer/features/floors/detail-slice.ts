import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FloorDto, RoomDto, RoomUpdateBody } from '@tsudoi/common';
import { sessionReset } from '@tsudoi/ui/session';
import { liveJoined, roomChanged } from './live-slice';

/** The floor open on the landing, edit or live page, and its rooms. */
export interface FloorDetailState {
  id: number | null;
  floor: FloorDto | null;
  loading: boolean;
  /** Why it could not be loaded: the status (404 for a floor out of reach) and the text. */
  error: { status: number; message: string } | null;
  rooms: RoomDto[] | null;
  roomsError: string | null;
  /** The room whose lock is being changed. */
  locking: number | null;
}

export interface WithFloorDetail {
  floorDetail: FloorDetailState;
}

const initialState: FloorDetailState = {
  id: null,
  floor: null,
  loading: false,
  error: null,
  rooms: null,
  roomsError: null,
  locking: null,
};

const floorDetailSlice = createSlice({
  name: 'floorDetail',
  initialState,
  reducers: {
    floorRequested(state, action: PayloadAction<number>) {
      if (state.id !== action.payload) return { ...initialState, id: action.payload, loading: true };
      state.loading = true;
      state.error = null;
    },
    floorLoaded(state, action: PayloadAction<FloorDto>) {
      if (state.id !== action.payload.id) return;
      state.floor = action.payload;
      state.loading = false;
    },
    floorFailed(state, action: PayloadAction<{ id: number; status: number; message: string }>) {
      if (state.id !== action.payload.id) return;
      state.loading = false;
      state.error = { status: action.payload.status, message: action.payload.message };
    },
    roomsRequested(state, action: PayloadAction<number>) {
      if (state.id !== action.payload) return { ...initialState, id: action.payload };
      state.roomsError = null;
    },
    roomsLoaded(state, action: PayloadAction<{ floorId: number; rooms: RoomDto[] }>) {
      if (state.id === action.payload.floorId) state.rooms = action.payload.rooms;
    },
    roomsFailed(state, action: PayloadAction<string>) {
      state.roomsError = action.payload;
    },
    roomLockRequested(state, action: PayloadAction<{ roomId: number; locked: boolean }>) {
      state.locking = action.payload.roomId;
    },
    roomEditRequested(state, action: PayloadAction<{ roomId: number } & RoomUpdateBody>) {
      state.locking = action.payload.roomId;
    },
    roomUpdated(state, action: PayloadAction<RoomDto>) {
      state.locking = null;
      if (!state.rooms) return;
      state.rooms = state.rooms.map((room) => (room.id === action.payload.id ? action.payload : room));
    },
    roomLockFailed(state) {
      state.locking = null;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(sessionReset, () => initialState)
      .addCase(roomChanged, (state, action) => {
        // The floor hears of a lock without its password: whoever saw it keeps it while the lock stays.
        const changed = action.payload;
        if (!state.rooms || state.id !== changed.floorId) return;
        state.rooms = state.rooms.map((room) =>
          room.id !== changed.id
            ? room
            : { ...changed, password: changed.password ?? (changed.locked && room.locked ? room.password : null) },
        );
      })
      .addCase(liveJoined, (state, action) => {
        // A guest's live page loads nothing over REST: the join answer brings the floor and its rooms.
        const { floor, rooms, me } = action.payload;
        if (me.isGuest) return { ...initialState, id: floor.id, floor, rooms };
      }),
});

export const {
  floorRequested,
  floorLoaded,
  floorFailed,
  roomsRequested,
  roomsLoaded,
  roomsFailed,
  roomLockRequested,
  roomEditRequested,
  roomUpdated,
  roomLockFailed,
} = floorDetailSlice.actions;
export const floorDetailReducer = floorDetailSlice.reducer;
export const selectFloorDetail = (state: WithFloorDetail): FloorDetailState => state.floorDetail;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    floorDetail: ReturnType<typeof floorDetailReducer>;
  }
}
