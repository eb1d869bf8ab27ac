import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FloorDto, FloorGroup, Paged } from '@tsudoi/common';
import { sessionReset } from '../auth';
import type { FloorScope } from './api';
import { appendPage, hasMorePages, withoutItem } from './paging';

/** One list shown: which scope and group, the floors loaded so far and the paging state (spec §3). */
export interface FloorListState {
  scope: FloorScope | null;
  group: FloorGroup | null;
  items: FloorDto[];
  page: number;
  pageCount: number;
  total: number;
  loading: boolean;
  error: string | null;
  /** The floor being deleted. */
  deleting: number | null;
}

export interface WithFloorList {
  floorList: FloorListState;
}

export interface ListRequest {
  scope: FloorScope;
  group: FloorGroup;
  page: number;
}

const initialState: FloorListState = {
  scope: null,
  group: null,
  items: [],
  page: 0,
  pageCount: 0,
  total: 0,
  loading: false,
  error: null,
  deleting: null,
};

const sameList = (state: FloorListState, request: { scope: FloorScope; group: FloorGroup }) =>
  state.scope === request.scope && state.group === request.group;

const floorListSlice = createSlice({
  name: 'floorList',
  initialState,
  reducers: {
    /** Page 1 starts the list afresh; later pages append (infinite scroll). */
    floorPageRequested(state, action: PayloadAction<ListRequest>) {
      const { scope, group, page } = action.payload;
      if (page === 1 || !sameList(state, action.payload)) {
        return { ...initialState, scope, group, loading: true };
      }
      state.loading = true;
      state.error = null;
    },
    floorPageLoaded(state, action: PayloadAction<ListRequest & { answer: Paged<FloorDto> }>) {
      if (!sameList(state, action.payload)) return;
      const { answer } = action.payload;
      state.items = appendPage(state.items, answer.data);
      state.page = answer.page;
      state.pageCount = answer.pageCount;
      state.total = answer.total;
      state.loading = false;
    },
    floorPageFailed(state, action: PayloadAction<ListRequest & { message: string }>) {
      if (!sameList(state, action.payload)) return;
      state.loading = false;
      state.error = action.payload.message;
    },
    floorDeleteRequested(state, action: PayloadAction<number>) {
      state.deleting = action.payload;
    },
    /** Spec §4 list state: a delete removes the floor and updates the counts. */
    floorDeleted(state, action: PayloadAction<number>) {
      Object.assign(state, withoutItem(state, action.payload));
      state.deleting = null;
    },
    floorDeleteFailed(state) {
      state.deleting = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  floorPageRequested,
  floorPageLoaded,
  floorPageFailed,
  floorDeleteRequested,
  floorDeleted,
  floorDeleteFailed,
} = floorListSlice.actions;
export const floorListReducer = floorListSlice.reducer;
export const selectFloorList = (state: WithFloorList): FloorListState => state.floorList;
/** More pages exist and none is on its way. */
export const hasMoreFloors = (list: FloorListState): boolean => hasMorePages(list);
