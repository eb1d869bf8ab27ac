import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { FloorDto, FloorGroupCounts, Paged, RoomDto } from '@tsudoi/common';
import { ApiError } from '@tsudoi/ui/api';
import { notify } from '@tsudoi/ui/notifications';
import { deleteFloor, editRoom, fetchFloor, fetchFloorGroups, fetchFloors, fetchRooms, lockRoom } from './api';
import {
  floorFailed,
  floorLoaded,
  floorRequested,
  roomLockFailed,
  roomLockRequested,
  roomEditRequested,
  roomsFailed,
  roomsLoaded,
  roomsRequested,
  roomUpdated,
} from './detail-slice';
import { failureText } from './failure-text';
import { floorSaga, type FloorsSagaDeps } from './form-sagas';
import {
  floorDeleted,
  floorDeleteFailed,
  floorDeleteRequested,
  floorGroupsFailed,
  floorGroupsLoaded,
  floorGroupsRequested,
  floorPageFailed,
  floorPageLoaded,
  floorPageRequested,
} from './list-slice';

export type { FloorsSagaDeps };

function* loadPage({ api }: FloorsSagaDeps, action: ReturnType<typeof floorPageRequested>) {
  const { scope, group, page } = action.payload;
  try {
    const answer: Paged<FloorDto> = yield call(fetchFloors, api, scope, group, page);
    yield put(floorPageLoaded({ ...action.payload, answer }));
  } catch (error) {
    yield put(floorPageFailed({ ...action.payload, message: yield* failureText(error) }));
  }
}

function* loadGroups({ api }: FloorsSagaDeps, action: ReturnType<typeof floorGroupsRequested>) {
  try {
    const counts: FloorGroupCounts = yield call(fetchFloorGroups, api, action.payload);
    yield put(floorGroupsLoaded({ scope: action.payload, counts }));
  } catch {
    yield put(floorGroupsFailed(action.payload)); // the list still opens (on ongoing), just without counts
  }
}

function* remove({ api }: FloorsSagaDeps, action: ReturnType<typeof floorDeleteRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof deleteFloor>> = yield call(deleteFloor, api, action.payload);
    yield put(floorDeleted(action.payload));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(floorDeleteFailed());
    yield put(notify({ kind: 'error', message: yield* failureText(error) }));
  }
}

function* loadFloor({ api }: FloorsSagaDeps, action: ReturnType<typeof floorRequested>) {
  try {
    const floor: FloorDto = yield call(fetchFloor, api, action.payload);
    yield put(floorLoaded(floor));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    yield put(floorFailed({ id: action.payload, status, message: yield* failureText(error) }));
  }
}

function* loadRooms({ api }: FloorsSagaDeps, action: ReturnType<typeof roomsRequested>) {
  try {
    const rooms: RoomDto[] = yield call(fetchRooms, api, action.payload);
    yield put(roomsLoaded({ floorId: action.payload, rooms }));
  } catch (error) {
    yield put(roomsFailed(yield* failureText(error)));
  }
}

/** Spec §8.5: a refused lock shows the server's message (or something went wrong). */
function* lock({ api }: FloorsSagaDeps, action: ReturnType<typeof roomLockRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof lockRoom>> = yield call(
      lockRoom,
      api,
      action.payload.roomId,
      action.payload.locked,
    );
    yield put(roomUpdated(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(roomLockFailed());
    yield put(notify({ kind: 'error', message: yield* failureText(error) }));
  }
}

/** The edit room popup's save: a refusal shows the server's field message (seats) or its message. */
function* edit({ api }: FloorsSagaDeps, action: ReturnType<typeof roomEditRequested>) {
  const { roomId, ...body } = action.payload;
  try {
    const answer: Awaited<ReturnType<typeof editRoom>> = yield call(editRoom, api, roomId, body);
    yield put(roomUpdated(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(roomLockFailed());
    const field = error instanceof ApiError ? Object.values(error.fields ?? {})[0] : undefined;
    yield put(notify({ kind: 'error', message: field ?? (yield* failureText(error)) }));
  }
}

export function* floorsSaga(deps: FloorsSagaDeps) {
  yield takeLatest(roomEditRequested.type, edit, deps);
  yield takeLatest(floorPageRequested.type, loadPage, deps);
  yield takeLatest(floorGroupsRequested.type, loadGroups, deps);
  yield takeEvery(floorDeleteRequested.type, remove, deps);
  yield takeLatest(floorRequested.type, loadFloor, deps);
  yield takeLatest(roomsRequested.type, loadRooms, deps);
  yield takeLatest(roomLockRequested.type, lock, deps);
  yield* floorSaga(deps);
}
