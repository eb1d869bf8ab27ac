import { call, fork, put, select, takeLatest } from 'redux-saga/effects';
import type { Locale } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { userUpdated } from '../auth';
import { profileUpdatesSaga } from './profile-updates-saga';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { changePassword, updateProfile, uploadAvatar } from './api';
import {
  avatarUploaded,
  avatarUploadFailed,
  avatarUploadRequested,
  passwordChanged,
  passwordChangeFailed,
  passwordChangeRequested,
  profileSaved,
  profileSaveFailed,
  profileSaveRequested,
} from './slice';

export interface ProfileSagaDeps {
  api: ApiClient;
}

type Answer = Awaited<ReturnType<typeof updateProfile>>;

function* save({ api }: ProfileSagaDeps, action: ReturnType<typeof profileSaveRequested>) {
  try {
    const answer: Answer = yield call(updateProfile, api, action.payload);
    yield put(userUpdated(answer.data));
    yield put(profileSaved());
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(profileSaveFailed(error instanceof ApiError ? { ...error.fields } : {}));
    yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

function* upload({ api }: ProfileSagaDeps, action: ReturnType<typeof avatarUploadRequested>) {
  try {
    const answer: Answer = yield call(uploadAvatar, api, action.payload.file);
    yield put(userUpdated(answer.data));
    yield put(avatarUploaded());
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(avatarUploadFailed(errorText(error, locale)));
  }
}

function* password({ api }: ProfileSagaDeps, action: ReturnType<typeof passwordChangeRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof changePassword>> = yield call(changePassword, api, action.payload);
    yield put(passwordChanged());
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(passwordChangeFailed(error instanceof ApiError ? { ...error.fields } : {}));
    // a wrong current password is said on its field; anything else as a toast
    if (!(error instanceof ApiError && error.fields?.currentPassword))
      yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

export function* profileSaga(deps: ProfileSagaDeps) {
  yield takeLatest(profileSaveRequested.type, save, deps);
  yield takeLatest(avatarUploadRequested.type, upload, deps);
  yield takeLatest(passwordChangeRequested.type, password, deps);
  yield fork(profileUpdatesSaga);
}
