import { all, call, fork, put, select, takeLatest } from 'redux-saga/effects';
import {
  lastRecordSchema,
  billingRedirectSchema,
  billingStatusSchema,
  detailSchema,
  floorSchema,
  mutationSchema,
  pagedSchema,
  type AppointmentDto,
  type BillingStatusDto,
  type FloorDto,
  type Locale,
  type UserDto,
} from '@tsudoi/common';
import { fetchAppointments } from '../appointments/api';
import { errorText, type ApiClient } from '@tsudoi/ui/api';
import { selectCurrentUser } from '@tsudoi/ui/session';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import {
  appointmentsLoaded,
  attendanceLoaded,
  attendanceRefused,
  billingActionFailed,
  billingFailed,
  billingLoaded,
  billingRequested,
  checkoutRequested,
  homeFailed,
  homeLoaded,
  homeRequested,
  portalRequested,
  trialRequested,
} from './slice';
import { APPOINTMENT_FLOORS, APPOINTMENT_WINDOW_DAYS, nextAppointments, todaysFloors } from './today';

export interface ShellSagaDeps {
  api: ApiClient;
  /** Where the browser goes for the provider's pages (tests and the desktop app pass their own). */
  leave?: (url: string) => void;
}

const floorsPage = pagedSchema(floorSchema);
const status = detailSchema(billingStatusSchema);
const trialAnswer = mutationSchema(billingStatusSchema);
const redirect = detailSchema(billingRedirectSchema);
const lastRecord = detailSchema(lastRecordSchema);

function* failure(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  return errorText(error, locale);
}

function* loadHome({ api }: ShellSagaDeps) {
  const user: UserDto | null = yield select(selectCurrentUser);
  if (user?.employmentCompanyId != null) yield fork(loadAttendance, api);
  try {
    const group = (name: string) =>
      api.get(`/floors?group=${name}&page=1&limit=20`).then((r) => floorsPage.parse(r).data);
    const [ongoing, upcoming, permanent]: Awaited<ReturnType<typeof group>>[] = yield all([
      call(group, 'ongoing'),
      call(group, 'upcoming'),
      call(group, 'permanent'),
    ]);
    const floors = todaysFloors({ ongoing: ongoing!, upcoming: upcoming!, permanent: permanent! }, new Date());
    yield put(homeLoaded(floors));
    yield fork(loadAppointments, api, floors);
  } catch (error) {
    yield put(homeFailed(yield* failure(error)));
  }
}

/**
 * The next appointments (GET /appointments per floor, spec §7.6) of the
 * first APPOINTMENT_FLOORS of today's floors, over the next
 * APPOINTMENT_WINDOW_DAYS days. A floor whose list fails is left out.
 */
function* loadAppointments(api: ApiClient, floors: FloorDto[]) {
  const now = new Date();
  const from = now.toISOString();
  const to = new Date(now.getTime() + APPOINTMENT_WINDOW_DAYS * 86_400_000).toISOString();
  const list = (floorId: number) => fetchAppointments(api, floorId, from, to).catch((): AppointmentDto[] => []);
  const lists: AppointmentDto[][] = yield all(floors.slice(0, APPOINTMENT_FLOORS).map((f) => call(list, f.id)));
  yield put(appointmentsLoaded(nextAppointments(lists, now)));
}

/** The member's own time card now (GET time-log/last-record); a refusal (plan, permission) is shown as said. */
function* loadAttendance(api: ApiClient) {
  try {
    const answer = lastRecord.parse(yield call(api.get, '/time-log/last-record'));
    yield put(attendanceLoaded(answer.data));
  } catch (error) {
    yield put(attendanceRefused(yield* failure(error)));
  }
}

function* loadBilling({ api }: ShellSagaDeps) {
  try {
    const answer: { data: BillingStatusDto } = status.parse(yield call(api.get, '/billing'));
    yield put(billingLoaded(answer.data));
  } catch (error) {
    yield put(billingFailed(yield* failure(error)));
  }
}

function* startTrial({ api }: ShellSagaDeps) {
  try {
    const answer = trialAnswer.parse(yield call(api.post, '/billing/trial', {}));
    yield put(billingLoaded(answer.data));
    yield put(notify({ kind: 'success', message: answer.message }));
  } catch (error) {
    yield put(billingActionFailed());
    yield put(notify({ kind: 'error', message: yield* failure(error) }));
  }
}

/** Checkout and portal: the provider's hosted page, in this tab (it comes back to /plan). */
function* goToProvider(deps: ShellSagaDeps, path: '/billing/checkout' | '/billing/portal') {
  try {
    const answer = redirect.parse(yield call(deps.api.post, path, {}));
    yield call(deps.leave ?? ((url: string) => window.location.assign(url)), answer.data.url);
  } catch (error) {
    yield put(billingActionFailed());
    yield put(notify({ kind: 'error', message: yield* failure(error) }));
  }
}

export function* shellSaga(deps: ShellSagaDeps) {
  yield takeLatest(homeRequested.type, loadHome, deps);
  yield takeLatest(billingRequested.type, loadBilling, deps);
  yield takeLatest(trialRequested.type, startTrial, deps);
  yield takeLatest(checkoutRequested.type, goToProvider, deps, '/billing/checkout');
  yield takeLatest(portalRequested.type, goToProvider, deps, '/billing/portal');
}
