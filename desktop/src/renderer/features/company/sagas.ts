import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { CompanyDto, Locale, UserDto } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { fetchCurrentUser } from '../../services/current-user';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { userUpdated } from '../auth';
import { fetchCompany, registerCompany, renameCompany, uploadLogo } from './api';
import {
  companyLoaded,
  companyLoadFailed,
  companyNameFailed,
  companyRegisterRequested,
  companyRenameRequested,
  companyRequested,
  logoUploadFailed,
  logoUploadRequested,
} from './slice';

export interface CompanySagaDeps {
  api: ApiClient;
}

type Mutation = Awaited<ReturnType<typeof registerCompany>>;

function* failureText(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  return errorText(error, locale);
}

function* load({ api }: CompanySagaDeps, action: ReturnType<typeof companyRequested>) {
  try {
    const company: CompanyDto = yield call(fetchCompany, api, action.payload);
    yield put(companyLoaded(company));
  } catch (error) {
    yield put(companyLoadFailed(yield* failureText(error)));
  }
}

/** Register, then reload the account: the user is now the team's OWNER. */
function* register({ api }: CompanySagaDeps, action: ReturnType<typeof companyRegisterRequested>) {
  try {
    const answer: Mutation = yield call(registerCompany, api, action.payload);
    yield put(companyLoaded(answer.data));
    const user: UserDto = yield call(fetchCurrentUser, api);
    yield put(userUpdated(user));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield* refuseName(error);
  }
}

function* rename({ api }: CompanySagaDeps, action: ReturnType<typeof companyRenameRequested>) {
  try {
    const answer: Mutation = yield call(renameCompany, api, action.payload.id, action.payload.name);
    yield put(companyLoaded(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield* refuseName(error);
  }
}

function* refuseName(error: unknown) {
  const fieldMessage = error instanceof ApiError ? (error.fields?.name ?? null) : null;
  yield put(companyNameFailed(fieldMessage));
  if (!fieldMessage) yield put(notify({ kind: 'error', message: yield* failureText(error) }));
}

function* upload({ api }: CompanySagaDeps, action: ReturnType<typeof logoUploadRequested>) {
  try {
    const answer: Mutation = yield call(uploadLogo, api, action.payload.id, action.payload.file);
    yield put(companyLoaded(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(logoUploadFailed(yield* failureText(error)));
  }
}

export function* companySaga(deps: CompanySagaDeps) {
  yield takeLatest(companyRequested.type, load, deps);
  yield takeLatest(companyRegisterRequested.type, register, deps);
  yield takeLatest(companyRenameRequested.type, rename, deps);
  yield takeLatest(logoUploadRequested.type, upload, deps);
}
