import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  FloorCreateBody,
  FloorEmployee,
  FloorPlanCategory,
  FloorUpdateBody,
  ParticipantDto,
  ParticipantRegisterBody,
} from '@tsudoi/common';
import { sessionReset } from '../auth';

/** What the wizard sends: the floor, then (once it exists) its image and the invitations. */
export type FloorSave =
  | { mode: 'create'; body: FloorCreateBody }
  | { mode: 'duplicate'; sourceId: number; body: FloorCreateBody }
  | { mode: 'edit'; id: number; body: FloorUpdateBody };
export type FloorSaveRequest = FloorSave & {
  image: File | null;
  participants: ParticipantRegisterBody['participants'];
};

export interface FloorFormState {
  categories: FloorPlanCategory[] | null;
  /** The team members offered in the invite step (null until loaded). */
  employees: FloorEmployee[] | null;
  /** Edit: the people already invited to the floor, without its host (null until loaded). */
  invited: ParticipantDto[] | null;
  /** Edit: they could not be loaded (the step says so instead of "nobody"). */
  invitedFailed: boolean;
  saving: boolean;
  /** The server's field messages of the last refused save, keyed by field. */
  fields: Record<string, string>;
  /** Set once a save went through: the page moves on to the floor. */
  savedId: number | null;
}

export interface WithFloorForm {
  floorForm: FloorFormState;
}

const initialState: FloorFormState = {
  categories: null,
  employees: null,
  invited: null,
  invitedFailed: false,
  saving: false,
  fields: {},
  savedId: null,
};

const floorFormSlice = createSlice({
  name: 'floorForm',
  initialState,
  reducers: {
    /** A wizard opened: no leftovers of the previous one. */
    floorFormOpened(state, _action: PayloadAction<{ floorId: number | null }>) {
      return { ...initialState, categories: state.categories };
    },
    categoriesLoaded(state, action: PayloadAction<FloorPlanCategory[]>) {
      state.categories = action.payload;
    },
    employeesLoaded(state, action: PayloadAction<FloorEmployee[]>) {
      state.employees = action.payload;
    },
    invitedLoaded(state, action: PayloadAction<ParticipantDto[]>) {
      state.invited = action.payload.filter((p) => p.type !== 'HOST');
    },
    invitedFailed(state) {
      state.invitedFailed = true;
    },
    floorSaveRequested(state, _action: PayloadAction<FloorSaveRequest>) {
      state.saving = true;
      state.fields = {};
      state.savedId = null;
    },
    floorSaveFailed(state, action: PayloadAction<Record<string, string>>) {
      state.saving = false;
      state.fields = action.payload;
    },
    floorSaved(state, action: PayloadAction<number>) {
      state.saving = false;
      state.savedId = action.payload;
    },
    fieldErrorCleared(state, action: PayloadAction<string>) {
      delete state.fields[action.payload];
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  floorFormOpened,
  categoriesLoaded,
  employeesLoaded,
  invitedLoaded,
  invitedFailed,
  floorSaveRequested,
  floorSaveFailed,
  floorSaved,
  fieldErrorCleared,
} = floorFormSlice.actions;
export const floorFormReducer = floorFormSlice.reducer;
export const selectFloorForm = (state: WithFloorForm): FloorFormState => state.floorForm;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    floorForm: ReturnType<typeof floorFormReducer>;
  }
}
