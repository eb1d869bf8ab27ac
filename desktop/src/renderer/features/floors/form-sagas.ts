import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { FloorDto, FloorEmployee, FloorPlanCategory, ParticipantDto } from '@tsudoi/common';
import { ApiError, type ApiClient } from '@tsudoi/ui/api';
import { notify } from '@tsudoi/ui/notifications';
import {
  createFloor,
  duplicateFloor,
  fetchAllParticipants,
  fetchFloorEmployees,
  fetchPlanCategories,
  registerParticipants,
  updateFloor,
  uploadFloorImage,
} from './api';
import {
  categoriesLoaded,
  employeesLoaded,
  floorFormOpened,
  floorSaved,
  floorSaveFailed,
  floorSaveRequested,
  invitedFailed,
  invitedLoaded,
  type FloorSave,
} from './form-slice';
import { failureText } from './failure-text';

export interface FloorsSagaDeps {
  api: ApiClient;
}

type FloorMutation = Awaited<ReturnType<typeof createFloor>>;

/** The plans and the team members the wizard offers, and (edit) who is invited already; a failure leaves its step with a notice. */
function* open({ api }: FloorsSagaDeps, action: ReturnType<typeof floorFormOpened>) {
  yield all([
    call(function* () {
      try {
        const categories: FloorPlanCategory[] = yield call(fetchPlanCategories, api);
        yield put(categoriesLoaded(categories));
      } catch (error) {
        yield put(notify({ kind: 'error', message: yield* failureText(error) }));
      }
    }),
    call(function* () {
      try {
        const employees: FloorEmployee[] = yield call(fetchFloorEmployees, api, action.payload.floorId);
        yield put(employeesLoaded(employees));
      } catch {
        yield put(employeesLoaded([]));
      }
    }),
    call(function* () {
      const { floorId } = action.payload;
      if (floorId === null) return;
      try {
        const invited: ParticipantDto[] = yield call(fetchAllParticipants, api, floorId);
        yield put(invitedLoaded(invited));
      } catch (error) {
        yield put(invitedFailed());
        yield put(notify({ kind: 'error', message: yield* failureText(error) }));
      }
    }),
  ]);
}

function send(api: FloorsSagaDeps['api'], save: FloorSave): Promise<FloorMutation> {
  if (save.mode === 'edit') return updateFloor(api, save.id, save.body);
  if (save.mode === 'duplicate') return duplicateFloor(api, save.sourceId, save.body);
  return createFloor(api, save.body);
}

/**
 * Saves the floor; a refusal puts the server's field messages on the fields.
 * Once the floor exists, the image and the invitations follow; their failure
 * is shown but does not undo the floor (the host can retry from the edit page).
 */
function* save({ api }: FloorsSagaDeps, action: ReturnType<typeof floorSaveRequested>) {
  const { image, participants, ...request } = action.payload;
  let floor: FloorDto;
  try {
    const answer: FloorMutation = yield call(send, api, request);
    floor = answer.data;
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
    yield put(floorSaveFailed(fields));
    if (Object.keys(fields).length === 0) yield put(notify({ kind: 'error', message: yield* failureText(error) }));
    return;
  }
  if (image) {
    try {
      yield call(uploadFloorImage, api, floor.id, image);
    } catch (error) {
      yield put(notify({ kind: 'error', message: yield* failureText(error) }));
    }
  }
  if (participants.length > 0) {
    try {
      const answer: Awaited<ReturnType<typeof registerParticipants>> = yield call(registerParticipants, api, {
        floorId: floor.id,
        participants,
      });
      yield put(notify({ kind: 'success', message: answer.message }));
    } catch (error) {
      const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
      const message = fields.length > 0 ? fields.join(' / ') : yield* failureText(error);
      yield put(notify({ kind: 'error', message }));
    }
  }
  yield put(floorSaved(floor.id));
}

export function* floorSaga(deps: FloorsSagaDeps) {
  yield takeLatest(floorFormOpened.type, open, deps);
  yield takeLatest(floorSaveRequested.type, save, deps);
}
