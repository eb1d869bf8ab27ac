import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Locale, ParticipantDto } from '@tsudoi/common';
import { errorText, type ApiClient } from '@tsudoi/ui/api';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { fetchParticipants, savePermissions } from './api';
import {
  participantsFailed,
  participantsLoaded,
  participantsOpened,
  permissionSaved,
  permissionToggled,
  selectParticipants,
  type ParticipantsState,
} from './slice';

interface Deps {
  api: ApiClient;
}

function* failed(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  yield put(participantsFailed(errorText(error, locale)));
}

function* load({ api }: Deps, action: ReturnType<typeof participantsOpened>) {
  try {
    const items: ParticipantDto[] = yield call(fetchParticipants, api, action.payload);
    yield put(participantsLoaded(items));
  } catch (error) {
    yield* failed(error);
  }
}

/** A flag changed in the editor: the whole set is saved; a refusal reloads the list as the server has it. */
function* save({ api }: Deps, action: ReturnType<typeof permissionToggled>) {
  const state: ParticipantsState = yield select(selectParticipants);
  const item = state.items.find((p) => p.id === action.payload.id);
  if (!item || state.saving !== item.id) return;
  try {
    const answer: { data: ParticipantDto; message: string } = yield call(
      savePermissions,
      api,
      item.id,
      item.permissions,
    );
    yield put(permissionSaved(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield* failed(error);
    if (state.floorId !== null) yield* load({ api }, participantsOpened(state.floorId));
  }
}

export function* participantsSaga(deps: Deps) {
  yield takeLatest(participantsOpened.type, load, deps);
  yield takeEvery(permissionToggled.type, save, deps);
}
