import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActivityDto, ActivityType, AppointmentDto } from '@tsudoi/common';
import { sessionReset } from '../auth';

export interface ActivityDraft {
  type: ActivityType;
  description: string;
  /** "HH:MM", today in Japan. */
  start: string;
  end: string;
}

/** Today's events panel of the live floor (issue 16). */
export interface ActivitiesState {
  floorId: number | null;
  open: boolean;
  items: ActivityDto[];
  /** Today's visits booked on the floor (the appointments' calendar; none for a guest). */
  visits: AppointmentDto[];
  loading: boolean;
  error: string | null;
  draft: ActivityDraft;
  saving: boolean;
  /** The server's field messages of the last refused save. */
  fields: Record<string, string>;
}

export interface WithActivities {
  activities: ActivitiesState;
}

const emptyDraft: ActivityDraft = { type: 'MEETING', description: '', start: '', end: '' };
const initialState: ActivitiesState = {
  floorId: null,
  open: false,
  items: [],
  visits: [],
  loading: false,
  error: null,
  draft: emptyDraft,
  saving: false,
  fields: {},
};

const byStart = (a: ActivityDto, b: ActivityDto) => a.startAt.localeCompare(b.startAt) || a.id - b.id;

const slice = createSlice({
  name: 'activities',
  initialState,
  reducers: {
    activitiesOpened(state, action: PayloadAction<number>) {
      Object.assign(state, { floorId: action.payload, open: true, loading: true, error: null, fields: {} });
    },
    activitiesClosed(state) {
      state.open = false;
    },
    activitiesLoaded(state, action: PayloadAction<{ items: ActivityDto[]; visits: AppointmentDto[] }>) {
      state.items = [...action.payload.items].sort(byStart);
      state.visits = action.payload.visits;
      state.loading = false;
    },
    activitiesFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    draftChanged(state, action: PayloadAction<Partial<ActivityDraft>>) {
      Object.assign(state.draft, action.payload);
      for (const key of Object.keys(action.payload)) {
        delete state.fields[key];
        if (key === 'start') delete state.fields.startAt;
        if (key === 'end') delete state.fields.endAt;
      }
    },
    activitySaveRequested(state) {
      state.saving = true;
      state.error = null;
      state.fields = {};
    },
    activitySaveFailed(state, action: PayloadAction<{ fields: Record<string, string>; message: string | null }>) {
      state.saving = false;
      state.fields = action.payload.fields;
      state.error = action.payload.message;
    },
    activitySaved(state) {
      state.saving = false;
      state.draft = emptyDraft;
    },
    activityDeleteRequested(_state, _action: PayloadAction<number>) {},
    /** Created, updated (here or live from the floor): in start order; `canEdit` as the caller works it out. */
    activityUpserted(state, action: PayloadAction<ActivityDto>) {
      if (state.floorId !== action.payload.floorId) return;
      state.items = [...state.items.filter((a) => a.id !== action.payload.id), action.payload].sort(byStart);
    },
    activityRemoved(state, action: PayloadAction<{ id: number; floorId: number }>) {
      state.items = state.items.filter((a) => a.id !== action.payload.id);
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  activitiesOpened,
  activitiesClosed,
  activitiesLoaded,
  activitiesFailed,
  draftChanged,
  activitySaveRequested,
  activitySaveFailed,
  activitySaved,
  activityDeleteRequested,
  activityUpserted,
  activityRemoved,
} = slice.actions;
export const activitiesReducer = slice.reducer;
export const selectActivities = (state: WithActivities) => state.activities;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    activities: ReturnType<typeof activitiesReducer>;
  }
}
