import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { EmployeeRow, InvitationCheck, Locale, Paged, UserDto } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { fetchCurrentUser } from '../../services/current-user';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { userUpdated } from '../auth';
import {
  acceptInvitation,
  checkInvitation,
  fetchEmployees,
  inviteEmployees,
  removeMember,
  resendInvitation,
} from './api';
import { outcomeOfError } from './outcome';
import {
  employeesLoaded,
  employeesRequested,
  invitationAcceptFinished,
  invitationAcceptRequested,
  invitationChecked,
  invitationCheckRequested,
  invitesFailed,
  invitesRequested,
  invitesSent,
  memberRemoveFinished,
  memberRemoveRequested,
  resendFinished,
  resendRequested,
  type InvitationsState,
} from './slice';

export interface InvitationsSagaDeps {
  api: ApiClient;
}

function* toastFailure(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  yield put(notify({ kind: 'error', message: errorText(error, locale) }));
}

function* loadEmployees({ api }: InvitationsSagaDeps, action: ReturnType<typeof employeesRequested>) {
  try {
    const page: Paged<EmployeeRow> = yield call(fetchEmployees, api, action.payload);
    yield put(employeesLoaded(page));
  } catch (error) {
    yield put(employeesLoaded(null));
    yield* toastFailure(error);
  }
}

/** Bulk invitation; a refused list leaves its per-e-mail messages for the form, a sent one reloads the list. */
function* invite({ api }: InvitationsSagaDeps, action: ReturnType<typeof invitesRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof inviteEmployees>> = yield call(inviteEmployees, api, action.payload);
    yield put(invitesSent());
    yield put(notify({ kind: 'success', message: answer.message }));
    const state: { invitations: InvitationsState } = yield select();
    yield put(employeesRequested(state.invitations.employees?.page ?? 1));
  } catch (error) {
    const fields = error instanceof ApiError ? { ...error.fields } : {};
    yield put(invitesFailed(fields));
    if (!Object.keys(fields).some((field) => field.startsWith('emails.'))) yield* toastFailure(error);
  }
}

function* resend({ api }: InvitationsSagaDeps, action: ReturnType<typeof resendRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof resendInvitation>> = yield call(resendInvitation, api, action.payload);
    yield put(resendFinished(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(resendFinished(action.payload));
    yield* toastFailure(error);
  }
}

function* remove({ api }: InvitationsSagaDeps, action: ReturnType<typeof memberRemoveRequested>) {
  const { companyId, userId } = action.payload;
  try {
    const answer: Awaited<ReturnType<typeof removeMember>> = yield call(removeMember, api, companyId, userId);
    yield put(memberRemoveFinished({ userId, removed: true }));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(memberRemoveFinished({ userId, removed: false }));
    yield* toastFailure(error);
  }
}

function* check({ api }: InvitationsSagaDeps, action: ReturnType<typeof invitationCheckRequested>) {
  try {
    const answer: InvitationCheck = yield call(checkInvitation, api, action.payload.id, action.payload.email);
    yield put(invitationChecked({ check: answer, outcome: null }));
  } catch (error) {
    const outcome = error instanceof ApiError ? outcomeOfError(error.code) : null;
    yield put(invitationChecked({ check: null, outcome: outcome ?? 'invalid' }));
    if (!outcome) yield* toastFailure(error);
  }
}

/** Accept, then reload the account: the user is now a member (EMPLOYEE) of the team. */
function* accept({ api }: InvitationsSagaDeps, action: ReturnType<typeof invitationAcceptRequested>) {
  try {
    const answer: Awaited<ReturnType<typeof acceptInvitation>> = yield call(acceptInvitation, api, action.payload);
    const user: UserDto = yield call(fetchCurrentUser, api);
    yield put(userUpdated(user));
    yield put(invitationAcceptFinished('joined'));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    const outcome = error instanceof ApiError ? outcomeOfError(error.code) : null;
    yield put(invitationAcceptFinished(outcome));
    if (!outcome) yield* toastFailure(error);
  }
}

export function* invitationsSaga(deps: InvitationsSagaDeps) {
  yield takeLatest(employeesRequested.type, loadEmployees, deps);
  yield takeLatest(invitesRequested.type, invite, deps);
  yield takeEvery(resendRequested.type, resend, deps);
  yield takeEvery(memberRemoveRequested.type, remove, deps);
  yield takeLatest(invitationCheckRequested.type, check, deps);
  yield takeLatest(invitationAcceptRequested.type, accept, deps);
}
