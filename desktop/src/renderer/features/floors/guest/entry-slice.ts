import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorCode, GuestLanding, GuestSession } from '@tsudoi/common';
import { liveEntered, liveJoined, liveLeft } from '../live-slice';

/**
 * Entering a floor: an account-less guest's landing (the app_id link), the
 * display-name dialog and its join-guest call; and the floor password prompt
 * the live page shows to members (spec §2, §4).
 */
export interface GuestEntryState {
  floorId: number | null;
  appId: string | null;
  landing: GuestLanding | null;
  /** Why the link does not open the floor (INVALID_FLOOR_LINK, NO_PERMISSION_TO_JOIN_FLOOR…). */
  error: { status: number; code: ErrorCode | null; message: string } | null;
  joining: boolean;
  /** The refusal of the last join-guest: a message on a field, or for the whole dialog. */
  /** `early`: an appointment guest before the start, waiting (the join is tried again). */
  joinError: { name?: string; password?: string; form?: string; early?: boolean } | null;
  /** The floor asked for its password (the field shows even when the landing said nothing). */
  askPassword: boolean;
  /** The session the last join-guest answered (the page then opens the live floor). */
  session: GuestSession | null;
  /** "Send my link again" (request-link-appointment) from a link that does not open the floor. */
  resend: { status: 'idle' | 'sending' | 'sent' | 'failed'; message: string | null };
}

export interface FloorPasswordPrompt {
  floorId: number;
  /** The refusal of the last password (wrong, too many); null before the first try. */
  error: string | null;
  busy: boolean;
}

/** A signed-in person opening an app_id link (join-link): done once per floor and link. */
export interface LinkAdmission {
  floorId: number;
  appId: string;
  status: 'pending' | 'done' | 'failed';
  /** `code` tells an invited guest's own link (GUEST_LINK_NOT_FOR_ACCOUNTS: used signed out) from other refusals. */
  error: { status: number; message: string; code?: string | null } | null;
}

export interface FloorEntryState {
  guest: GuestEntryState;
  password: FloorPasswordPrompt | null;
  link: LinkAdmission | null;
}

export interface WithFloorEntry {
  floorEntry: FloorEntryState;
}

const guestInitial: GuestEntryState = {
  floorId: null,
  appId: null,
  landing: null,
  error: null,
  joining: false,
  joinError: null,
  askPassword: false,
  session: null,
  resend: { status: 'idle', message: null },
};
const initialState: FloorEntryState = { guest: guestInitial, password: null, link: null };

export interface GuestJoinRequest {
  floorId: number;
  appId: string;
  name: string;
  password?: string;
}

const entrySlice = createSlice({
  name: 'floorEntry',
  initialState,
  reducers: {
    guestLandingRequested(state, action: PayloadAction<{ floorId: number; appId: string }>) {
      state.guest = { ...guestInitial, ...action.payload };
    },
    guestLandingLoaded(state, action: PayloadAction<GuestLanding>) {
      if (state.guest.floorId !== action.payload.floor.id) return;
      state.guest.landing = action.payload;
      state.guest.askPassword = action.payload.floor.hasPassword;
    },
    guestLandingFailed(state, action: PayloadAction<NonNullable<GuestEntryState['error']>>) {
      state.guest.error = action.payload;
    },
    guestJoinRequested(state, _action: PayloadAction<GuestJoinRequest>) {
      state.guest.joining = true;
      state.guest.joinError = null;
    },
    guestJoined(state, action: PayloadAction<GuestSession>) {
      state.guest.joining = false;
      state.guest.session = action.payload;
    },
    guestJoinFailed(state, action: PayloadAction<{ code: ErrorCode | null; message: string; name?: string }>) {
      const { code, message, name } = action.payload;
      state.guest.joining = false;
      if (code?.startsWith('FLOOR_PASSWORD_')) {
        state.guest.askPassword = true;
        state.guest.joinError = { password: message };
      } else if (code === 'APPOINTMENT_NOT_STARTED') state.guest.joinError = { form: message, early: true };
      else state.guest.joinError = name ? { name } : { form: message };
    },
    linkResendRequested(state, _action: PayloadAction<{ floorId: number; email: string }>) {
      state.guest.resend = { status: 'sending', message: null };
    },
    linkResendAnswered(state, action: PayloadAction<{ ok: boolean; message: string }>) {
      state.guest.resend = { status: action.payload.ok ? 'sent' : 'failed', message: action.payload.message };
    },
    linkAdmissionRequested(state, action: PayloadAction<{ floorId: number; appId: string }>) {
      state.link = { ...action.payload, status: 'pending', error: null };
    },
    linkAdmitted(state, action: PayloadAction<{ floorId: number; appId: string }>) {
      const { floorId, appId } = action.payload;
      if (state.link?.floorId === floorId && state.link.appId === appId) state.link.status = 'done';
    },
    linkRefused(
      state,
      action: PayloadAction<{ floorId: number; appId: string; status: number; message: string; code?: string | null }>,
    ) {
      const { floorId, appId, status, message, code = null } = action.payload;
      if (state.link?.floorId !== floorId || state.link.appId !== appId) return;
      state.link.status = 'failed';
      state.link.error = { status, message, code };
    },
    /** The live floor asks this member for the floor password (again, after a refusal). */
    floorPasswordRequired(state, action: PayloadAction<{ floorId: number; error: string | null }>) {
      state.password = { ...action.payload, busy: false };
    },
    floorPasswordSubmitted(state, _action: PayloadAction<string>) {
      if (state.password) state.password.busy = true;
    },
    floorPasswordCancelled(state) {
      state.password = null;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(liveJoined, (state) => {
        state.password = null;
      })
      .addCase(liveEntered, (state) => {
        state.password = null;
      })
      .addCase(liveLeft, (state) => {
        state.password = null;
      }),
});

export const {
  guestLandingRequested,
  guestLandingLoaded,
  guestLandingFailed,
  guestJoinRequested,
  guestJoined,
  guestJoinFailed,
  floorPasswordRequired,
  floorPasswordSubmitted,
  floorPasswordCancelled,
  linkAdmissionRequested,
  linkAdmitted,
  linkRefused,
  linkResendRequested,
  linkResendAnswered,
} = entrySlice.actions;
export const floorEntryReducer = entrySlice.reducer;
export const selectGuestEntry = (state: WithFloorEntry) => state.floorEntry.guest;
export const selectFloorPasswordPrompt = (state: WithFloorEntry) => state.floorEntry.password;
export const selectLinkAdmission = (state: WithFloorEntry) => state.floorEntry.link;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../../app/root-state' {
  interface RootState {
    floorEntry: ReturnType<typeof floorEntryReducer>;
  }
}
