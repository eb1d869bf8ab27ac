import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  FloorInitialData,
  FloorServerEvents,
  FloorUserDto,
  RoomDto,
  RoomInvitationDto,
  RoomInvitationOutcome,
} from '@tsudoi/common';
import { sessionReset } from '@tsudoi/ui/session';

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

/** An invitation into a room that rings for me until answered, cancelled or timed out (spec §4). */
export interface ReceivedInvitation {
  id: number;
  floorId: number;
  roomId: number;
  inviterId: number;
  /** The inviter's name and the room's, as the floor shows them (for the card and native notifications). */
  fromName: string;
  roomName: string;
  /** When the card's countdown ends, in this device's clock (ms): receipt + 10000 ms, never past the server's expiry. */
  deadline: number;
}

/** An invitation I sent and wait on; I may cancel it. */
export interface SentInvitation {
  id: number;
  roomId: number;
  inviteeId: number;
  deadline: number;
  cancelling: boolean;
}

/**
 * Why the floor ended for me: the host took me off it (kicked out, dismissed a guest, or removed me from its
 * participants), or the floor closed (with the server's message).
 */
export interface Removal {
  /** visitEnded / visitRejected: an appointment guest's visit (features/appointments/visits). */
  reason: 'kickedOut' | 'dismissed' | 'removed' | 'closed' | 'visitEnded' | 'visitRejected';
  message: string;
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
  received: ReceivedInvitation[];
  sent: SentInvitation[];
  /** The user being invited, until the server answers. */
  inviting: number | null;
  /** The received invitation being answered. */
  answering: number | null;
  /** The user being kicked out or dismissed, until the server answers. */
  removing: number | null;
  removal: Removal | null;
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
  received: [],
  sent: [],
  inviting: null,
  answering: null,
  removing: null,
  removal: null,
};

const dropInvitation = (state: LiveFloorState, id: number) => {
  state.received = state.received.filter((i) => i.id !== id);
  state.sent = state.sent.filter((i) => i.id !== id);
  if (state.answering === id) state.answering = null;
};

const byId = (users: FloorUserDto[]) => Object.fromEntries(users.map((u) => [u.userId, u]));

function endLive(state: LiveFloorState) {
  state.status = 'ended';
  state.moving = null;
  state.prompt = null;
  state.received = [];
  state.sent = [];
  state.inviting = null;
  state.answering = null;
}

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
      state.inviting = null;
      state.answering = null;
      state.removing = null;
    },
    /** A presence batch: the latest state of each changed user, and who left the floor. */
    usersChanged(state, action: PayloadAction<UsersChangedBatch>) {
      const { floorId, users, moved = [], left, full } = action.payload;
      if (state.floorId !== floorId) return;
      // the whole floor (the window was hidden and missed batches): it replaces who is there
      if (full) state.users = {};
      for (const user of users) state.users[user.userId] = user;
      // compact changes of people already here (an unknown one is skipped: the next full state brings them)
      for (const [userId, roomId, seat, activeStatus, connected] of moved) {
        const user = state.users[userId];
        if (user) Object.assign(user, { roomId, seat, activeStatus, connected: connected === 1 });
      }
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
    liveEnded: endLive,
    /** The host kicked me out or dismissed me, or the floor closed: the page says so before leaving. */
    liveRemoved(state, action: PayloadAction<Removal>) {
      endLive(state);
      state.removal = action.payload;
    },
    /** "Invite to my room" (or, for hosts, to `roomId`). */
    inviteRequested(state, action: PayloadAction<{ userId: number; roomId?: number }>) {
      state.inviting = action.payload.userId;
    },
    inviteSent(state, action: PayloadAction<{ invitation: RoomInvitationDto; deadline: number }>) {
      const { invitation, deadline } = action.payload;
      state.inviting = null;
      if (invitation.floorId !== state.floorId || state.sent.some((i) => i.id === invitation.id)) return;
      const { id, roomId, inviteeId } = invitation;
      state.sent.push({ id, roomId, inviteeId, deadline, cancelling: false });
    },
    inviteFailed(state) {
      state.inviting = null;
    },
    inviteCancelRequested(state, action: PayloadAction<number>) {
      const sent = state.sent.find((i) => i.id === action.payload);
      if (sent) sent.cancelling = true;
    },
    /**
     * An invitation rings for me (plain data: the desktop app shows a native
     * notification on this action).
     */
    invitationReceived(state, action: PayloadAction<ReceivedInvitation>) {
      const invitation = action.payload;
      if (invitation.floorId !== state.floorId || state.received.some((i) => i.id === invitation.id)) return;
      state.received.push(invitation);
    },
    invitationAnswerRequested(state, action: PayloadAction<{ id: number; accept: boolean }>) {
      if (state.received.some((i) => i.id === action.payload.id)) state.answering = action.payload.id;
    },
    /** Answered, cancelled, timed out or declined by accepting another: the card goes and the ring stops. */
    invitationEnded(state, action: PayloadAction<{ id: number; outcome: RoomInvitationOutcome }>) {
      dropInvitation(state, action.payload.id);
    },
    /** kick out (or dismiss a guest) — host and subhosts. */
    removeUserRequested(state, action: PayloadAction<{ userId: number; dismiss: boolean }>) {
      state.removing = action.payload.userId;
    },
    removeUserDone(state) {
      state.removing = null;
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
  liveRemoved,
  roomChanged,
  inviteRequested,
  inviteSent,
  inviteFailed,
  inviteCancelRequested,
  invitationReceived,
  invitationAnswerRequested,
  invitationEnded,
  removeUserRequested,
  removeUserDone,
} = liveSlice.actions;
export const liveFloorReducer = liveSlice.reducer;
export const selectLiveFloor = (state: WithLiveFloor): LiveFloorState => state.liveFloor;

/** The ring plays while any received invitation waits for my answer. */
export const selectRinging = (state: WithLiveFloor): boolean => state.liveFloor.received.length > 0;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    liveFloor: ReturnType<typeof liveFloorReducer>;
  }
}
