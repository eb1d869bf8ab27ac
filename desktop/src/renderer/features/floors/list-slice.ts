import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FloorDto, FloorGroup, FloorGroupCounts, Paged } from '@tsudoi/common';
import { sessionReset } from '@tsudoi/ui/session';
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
  /** How many floors each tab of a scope holds (null counts: not known yet; failed: the list opens on ongoing). */
  groups: { scope: FloorScope; counts: FloorGroupCounts | null; failed: boolean } | null;
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
  groups: null,
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
        return { ...initialState, scope, group, loading: true, groups: state.groups };
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
    /** The tab counts of a scope (asked each time its list opens). */
    floorGroupsRequested(state, action: PayloadAction<FloorScope>) {
      if (state.groups?.scope !== action.payload) state.groups = { scope: action.payload, counts: null, failed: false };
    },
    floorGroupsLoaded(state, action: PayloadAction<{ scope: FloorScope; counts: FloorGroupCounts }>) {
      state.groups = { scope: action.payload.scope, counts: action.payload.counts, failed: false };
    },
    floorGroupsFailed(state, action: PayloadAction<FloorScope>) {
      if (state.groups?.scope === action.payload && !state.groups.counts) state.groups.failed = true;
    },
    floorDeleteRequested(state, action: PayloadAction<number>) {
      state.deleting = action.payload;
    },
    /** Spec §4 list state: a delete removes the floor and updates the counts. */
    floorDeleted(state, action: PayloadAction<number>) {
      const shown = state.items.some((floor) => floor.id === action.payload);
      Object.assign(state, withoutItem(state, action.payload));
      state.deleting = null;
      const counts = state.groups?.scope === state.scope ? state.groups.counts : null;
      if (shown && counts && state.group && counts[state.group] > 0) counts[state.group] -= 1;
    },
    floorDeleteFailed(state) {
      state.deleting = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionReset, () => initialState),
});

export const {
  floorGroupsRequested,
  floorGroupsLoaded,
  floorGroupsFailed,
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

/**
 * The tab a list opens on when the address names none: the first group with
 * floors, those open now first (ongoing, then permanent), then upcoming, then
 * past — a permanent floor never hides behind an empty "ongoing". All empty:
 * ongoing.
 */
export const OPENING_ORDER: readonly FloorGroup[] = ['ongoing', 'permanent', 'upcoming', 'past'];
export function openingGroup(counts: FloorGroupCounts): FloorGroup {
  return OPENING_ORDER.find((group) => counts[group] > 0) ?? 'ongoing';
}

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../app/root-state' {
  interface RootState {
    floorList: ReturnType<typeof floorListReducer>;
  }
}
