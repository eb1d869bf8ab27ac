import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppointmentDto, BillingStatusDto, FloorDto, LastRecordDto } from '@tsudoi/common';
import { sessionReset } from '../auth';

/** The app shell's data: the home page's floors of today and the owner's plan page. */
export interface ShellState {
  /** Floors open today (ongoing, starting later today, permanent); null until loaded. */
  todayFloors: FloorDto[] | null;
  homeError: string | null;
  /** The next appointments on today's floors; null until loaded. */
  appointments: AppointmentDto[] | null;
  /** The signed-in member's own time card now (GET time-log/last-record); null until loaded or without a team. */
  attendance: LastRecordDto | null;
  /** Why the time card is not shown (e.g. the plan has no attendance), in the user's language. */
  attendanceRefusal: string | null;
  billing: BillingStatusDto | null;
  billingLoading: boolean;
  billingError: string | null;
  /** A plan action is running: start trial, checkout or portal (the page leaves for the provider). */
  billingBusy: 'trial' | 'checkout' | 'portal' | null;
}

export interface WithShell {
  shell: ShellState;
}

const initialState: ShellState = {
  todayFloors: null,
  homeError: null,
  appointments: null,
  attendance: null,
  attendanceRefusal: null,
  billing: null,
  billingLoading: false,
  billingError: null,
  billingBusy: null,
};

const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    homeRequested(state) {
      state.homeError = null;
    },
    homeLoaded(state, action: PayloadAction<FloorDto[]>) {
      state.todayFloors = action.payload;
    },
    appointmentsLoaded(state, action: PayloadAction<AppointmentDto[]>) {
      state.appointments = action.payload;
    },
    attendanceLoaded(state, action: PayloadAction<LastRecordDto>) {
      state.attendance = action.payload;
      state.attendanceRefusal = null;
    },
    attendanceRefused(state, action: PayloadAction<string>) {
      state.attendance = null;
      state.attendanceRefusal = action.payload;
    },
    homeFailed(state, action: PayloadAction<string>) {
      state.homeError = action.payload;
      state.todayFloors ??= [];
    },
    billingRequested(state) {
      state.billingLoading = true;
      state.billingError = null;
    },
    billingLoaded(state, action: PayloadAction<BillingStatusDto>) {
      state.billing = action.payload;
      state.billingLoading = false;
      state.billingBusy = null;
    },
    billingFailed(state, action: PayloadAction<string>) {
      state.billingLoading = false;
      state.billingBusy = null;
      state.billingError = action.payload;
    },
    trialRequested(state) {
      state.billingBusy = 'trial';
    },
    checkoutRequested(state) {
      state.billingBusy = 'checkout';
    },
    portalRequested(state) {
      state.billingBusy = 'portal';
    },
    billingActionFailed(state) {
      state.billingBusy = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  homeRequested,
  homeLoaded,
  homeFailed,
  appointmentsLoaded,
  attendanceLoaded,
  attendanceRefused,
  billingRequested,
  billingLoaded,
  billingFailed,
  trialRequested,
  checkoutRequested,
  portalRequested,
  billingActionFailed,
} = shellSlice.actions;
export const shellReducer = shellSlice.reducer;
export const selectShell = (state: WithShell): ShellState => state.shell;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    shell: ReturnType<typeof shellReducer>;
  }
}
