import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppointmentCreateBody, AppointmentDto, RoomDto } from '@tsudoi/common';
import { sessionReset } from '../auth';

export type CalendarView = 'day' | 'week';

export interface AppointmentDraft {
  id: number | null;
  roomId: number | null;
  title: string;
  date: string;
  start: string;
  end: string;
  withGuest: boolean;
  guestName: string;
  guestEmail: string;
  guestTimeZone: string;
}

export interface AppointmentsState {
  floorId: number | null;
  view: CalendarView;
  /** The Japan date the calendar shows (the day, or a day of the week). */
  anchor: string | null;
  rooms: RoomDto[];
  items: AppointmentDto[];
  loading: boolean;
  loadError: string | null;
  /** The open create/edit popup. */
  editor: AppointmentDraft | null;
  saving: boolean;
  /** Field messages of the last refused save (server paths: roomId, startAt, guest.email…). */
  fieldErrors: Record<string, string>;
  formError: string | null;
}

export interface WithAppointments {
  appointments: AppointmentsState;
}

/** The server's field paths each draft field answers for. */
const FIELD_OF: Record<string, string[]> = {
  roomId: ['roomId'],
  title: ['title'],
  date: ['startAt', 'endAt'],
  start: ['startAt', 'endAt'],
  end: ['startAt', 'endAt'],
  guestName: ['guest.name'],
  guestEmail: ['guest.email'],
  guestTimeZone: ['guest.timeZone'],
};

const initialState: AppointmentsState = {
  floorId: null,
  view: 'day',
  anchor: null,
  rooms: [],
  items: [],
  loading: false,
  loadError: null,
  editor: null,
  saving: false,
  fieldErrors: {},
  formError: null,
};

const slice = createSlice({
  name: 'appointments',
  initialState,
  reducers: {
    calendarRequested(state, action: PayloadAction<{ floorId: number; view: CalendarView; anchor: string }>) {
      if (state.floorId !== action.payload.floorId) state.rooms = [];
      Object.assign(state, action.payload, { loading: true, loadError: null });
    },
    calendarLoaded(state, action: PayloadAction<{ rooms: RoomDto[]; items: AppointmentDto[] }>) {
      state.rooms = action.payload.rooms;
      state.items = action.payload.items;
      state.loading = false;
    },
    calendarFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadError = action.payload;
    },
    editorOpened(state, action: PayloadAction<AppointmentDraft>) {
      state.editor = action.payload;
      state.fieldErrors = {};
      state.formError = null;
    },
    editorChanged(state, action: PayloadAction<Partial<AppointmentDraft>>) {
      if (state.editor) Object.assign(state.editor, action.payload);
      // a field's message goes once the person changes that field
      for (const key of Object.keys(action.payload))
        for (const field of FIELD_OF[key] ?? []) delete state.fieldErrors[field];
    },
    editorClosed(state) {
      state.editor = null;
      state.saving = false;
    },
    saveRequested(state) {
      state.saving = true;
      state.fieldErrors = {};
      state.formError = null;
    },
    deleteRequested(state, _action: PayloadAction<number>) {
      state.saving = true;
    },
    extendRequested(state, _action: PayloadAction<number>) {
      state.saving = true;
    },
    /** The editor takes the guest off an existing booking (another may then be added and saved). */
    guestRemoveRequested(state, _action: PayloadAction<number>) {
      state.saving = true;
      state.fieldErrors = {};
      state.formError = null;
    },
    /** The booking without its guest: the editor stays open with empty guest fields. */
    guestRemoved(state, action: PayloadAction<AppointmentDto>) {
      state.saving = false;
      state.items = state.items.map((a) => (a.id === action.payload.id ? action.payload : a));
      if (state.editor?.id === action.payload.id)
        Object.assign(state.editor, { withGuest: false, guestName: '', guestEmail: '', guestTimeZone: '' });
    },
    saveFailed(state, action: PayloadAction<{ fields: Record<string, string>; message: string | null }>) {
      state.saving = false;
      state.fieldErrors = action.payload.fields;
      state.formError = action.payload.message;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  calendarRequested,
  calendarLoaded,
  calendarFailed,
  editorOpened,
  editorChanged,
  editorClosed,
  saveRequested,
  deleteRequested,
  extendRequested,
  guestRemoveRequested,
  guestRemoved,
  saveFailed,
} = slice.actions;
export const appointmentsReducer = slice.reducer;
export const selectAppointments = (state: WithAppointments) => state.appointments;

/** The request body of a draft (Japan local times). */
export function draftBody(floorId: number, draft: AppointmentDraft): AppointmentCreateBody {
  return {
    floorId,
    roomId: draft.roomId ?? (undefined as unknown as number),
    title: draft.title,
    startAt: draft.date && draft.start ? `${draft.date}T${draft.start}` : undefined,
    endAt: draft.date && draft.end ? `${draft.date}T${draft.end}` : undefined,
    ...(draft.withGuest
      ? { guest: { name: draft.guestName, email: draft.guestEmail, timeZone: draft.guestTimeZone || undefined } }
      : {}),
  };
}

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    appointments: ReturnType<typeof appointmentsReducer>;
  }
}
