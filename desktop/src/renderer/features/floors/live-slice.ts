import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FloorInitialData, FloorServerEvents, FloorUserDto, RoomDto } from '@tsudoi/common';
import { sessionReset } from '../auth/slice';

export type UsersChangedBatch = Parameters<FloorServerEvents['floor:usersChanged']>[0];

/**
 * The live floor: connecting → joined; while the socket is down the users
 * are kept and the page says it reconnects; `ended` after a kick-out, the
 * floor's close or a refused join (the page then goes to the landing page).
 */
export type LiveStatus = 'idle' | 'connecting' | 'joined' | 'reconnecting' | 'ended';

export interface PasswordPrompt {
  roomId: number;
  /** Why the last password was refused (PASSWORD_ERROR, ROOM_PASSWORD_LIMIT); null before the first try. */
  error: string | null;
  busy: boolean;
}

export interface LiveFloorState {
  floorId: number | null;
  status: LiveStatus;
  me: FloorInitialData['me'] | null;
  /** Everyone on the floor by user id, as the join answer and the latest batches tell. */
  users: Record<number, FloorUserDto>;
  /** The room a move was asked into, until answered. */
  moving: number | null;
  prompt: PasswordPrompt | null;
}

export interface WithLiveFloor {
  liveFloor: LiveFloorState;
}

export const liveInitialState: LiveFloorState = {
  floorId: null,
  status: 'idle',
  me: null,
  users: {},
  moving: null,
  prompt: null,
};

const byId = (users: FloorUserDto[]) => Object.fromEntries(users.map((u) => [u.userId, u]));

const liveSlice = createSlice({
  name: 'liveFloor',
  initialState: liveInitialState,
  reducers: {
    /** The live page opened: connect and join. */
    liveEntered: (_state, action: PayloadAction<number>) => ({
      ...liveInitialState,
      floorId: action.payload,
      status: 'connecting',
    }),
    /** The live page closed: leave the floor and disconnect. */
    liveLeft: () => liveInitialState,
    liveJoined(state, action: PayloadAction<FloorInitialData>) {
      if (state.floorId !== action.payload.floor.id) return;
      state.status = 'joined';
      state.me = action.payload.me;
      state.users = byId(action.payload.users);
    },
    /** The socket dropped; Socket.IO reconnects and the saga joins again. */
    liveDisconnected(state) {
      if (state.status === 'joined') state.status = 'reconnecting';
      state.moving = null;
    },
    /** A presence batch: the latest state of each changed user, and who left the floor. */
    usersChanged(state, action: PayloadAction<UsersChangedBatch>) {
      const { floorId, users, left } = action.payload;
      if (state.floorId !== floorId) return;
      for (const user of users) state.users[user.userId] = user;
      for (const userId of left) delete state.users[userId];
    },
    /** A click on a room: move there (with the password of a locked room once asked). */
    roomJoinRequested(state, action: PayloadAction<{ roomId: number; password?: string }>) {
      state.moving = action.payload.roomId;
      if (state.prompt && action.payload.password !== undefined) state.prompt.busy = true;
    },
    /** The move was answered: my new place. */
    roomJoined(state, action: PayloadAction<FloorUserDto>) {
      state.moving = null;
      state.prompt = null;
      state.users[action.payload.userId] = action.payload;
    },
    /** The room is locked: ask for its password, with the reason of a refused one. */
    passwordRequired(state, action: PayloadAction<{ roomId: number; error: string | null }>) {
      state.moving = null;
      state.prompt = { roomId: action.payload.roomId, error: action.payload.error, busy: false };
    },
    roomJoinFailed(state) {
      state.moving = null;
      state.prompt = null;
    },
    passwordPromptClosed(state) {
      state.prompt = null;
    },
    /** Kicked out, the floor closed, or the join refused. */
    liveEnded(state) {
      state.status = 'ended';
      state.moving = null;
      state.prompt = null;
    },
    /** floor:roomChanged: a room was locked, unlocked or edited (rooms live in the detail slice). */
    roomChanged(_state, _action: PayloadAction<RoomDto>) {},
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => liveInitialState),
});

export const {
  liveEntered,
  liveLeft,
  liveJoined,
  liveDisconnected,
  usersChanged,
  roomJoinRequested,
  roomJoined,
  passwordRequired,
  roomJoinFailed,
  passwordPromptClosed,
  liveEnded,
  roomChanged,
} = liveSlice.actions;
export const liveFloorReducer = liveSlice.reducer;
export const selectLiveFloor = (state: WithLiveFloor): LiveFloorState => state.liveFloor;
