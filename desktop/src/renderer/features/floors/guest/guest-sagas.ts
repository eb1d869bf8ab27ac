import { call, delay, put, take, takeLatest } from 'redux-saga/effects';
import type { GuestLanding, GuestSession } from '@tsudoi/common';
import { ApiError, type ApiClient } from '@tsudoi/ui/api';
import { failureText } from '../failure-text';
import {
  floorPasswordCancelled,
  floorPasswordRequired,
  floorPasswordSubmitted,
  guestJoined,
  guestJoinFailed,
  guestJoinRequested,
  guestLandingFailed,
  guestLandingLoaded,
  guestLandingRequested,
  linkAdmissionRequested,
  linkAdmitted,
  linkRefused,
  linkResendAnswered,
  linkResendRequested,
} from './entry-slice';
import { fetchGuestLanding, joinAsGuest, joinByLink, requestVisitLink } from './guest-api';
import { guestSessions as defaultSessions, type GuestSessions } from './guest-sessions';

export interface GuestSagaDeps {
  api: ApiClient;
  sessions?: GuestSessions;
}

function* loadLanding({ api }: GuestSagaDeps, action: ReturnType<typeof guestLandingRequested>) {
  const { floorId, appId } = action.payload;
  try {
    const landing: GuestLanding = yield call(fetchGuestLanding, api, floorId, appId);
    yield put(guestLandingLoaded(landing));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const code = error instanceof ApiError ? (error.code ?? null) : null;
    yield put(guestLandingFailed({ status, code, message: yield* failureText(error) }));
  }
}

/**
 * An early guest of an appointment waits on the dialog and enters at the start: the refusal says in how many
 * seconds (retryAfterS), and join-guest is tried again then, a moment after (the server's clock and this
 * page's may differ a little). Without that figure, every EARLY_RETRY_MS; never later than MAX_EARLY_WAIT_MS
 * (a booking moved earlier meanwhile).
 */
export const EARLY_RETRY_MS = 20_000;
export const MAX_EARLY_WAIT_MS = 60_000;
const START_MARGIN_MS = 300;

/** How long an early guest waits before trying again. */
export function earlyWaitMs(retryAfterS: number | undefined): number {
  if (retryAfterS === undefined) return EARLY_RETRY_MS;
  return Math.min(retryAfterS * 1000 + START_MARGIN_MS, MAX_EARLY_WAIT_MS);
}

function* join({ api, sessions = defaultSessions }: GuestSagaDeps, action: ReturnType<typeof guestJoinRequested>) {
  const { floorId, appId, name, password } = action.payload;
  for (;;) {
    try {
      const session: GuestSession = yield call(joinAsGuest, api, floorId, {
        participantId: appId,
        name,
        ...(password ? { password } : {}),
      });
      sessions.write(session);
      yield put(guestJoined(session));
      return;
    } catch (error) {
      const code = error instanceof ApiError ? (error.code ?? null) : null;
      const nameError = error instanceof ApiError ? error.fields?.name : undefined;
      yield put(
        guestJoinFailed({ code, message: yield* failureText(error), ...(nameError ? { name: nameError } : {}) }),
      );
      // issue 16: arrived before their visit starts, the guest waits here and is let onto the floor at the start
      if (code !== 'APPOINTMENT_NOT_STARTED') return;
      yield delay(earlyWaitMs(error instanceof ApiError ? error.retryAfterS : undefined));
    }
  }
}

function* admit({ api }: GuestSagaDeps, action: ReturnType<typeof linkAdmissionRequested>) {
  try {
    yield call(joinByLink, api, action.payload.floorId, action.payload.appId);
    yield put(linkAdmitted(action.payload));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const code = error instanceof ApiError ? (error.code ?? null) : null;
    yield put(linkRefused({ ...action.payload, status, code, message: yield* failureText(error) }));
  }
}

function* resendLink({ api }: GuestSagaDeps, action: ReturnType<typeof linkResendRequested>) {
  try {
    const message: string = yield call(requestVisitLink, api, action.payload.floorId, action.payload.email);
    yield put(linkResendAnswered({ ok: true, message }));
  } catch (error) {
    const field = error instanceof ApiError ? error.fields?.email : undefined;
    yield put(linkResendAnswered({ ok: false, message: field ?? (yield* failureText(error)) }));
  }
}

/** The guest link's landing and join-guest; a signed-in person's app_id link (join-link). */
export function* guestSaga(deps: GuestSagaDeps) {
  yield takeLatest(guestLandingRequested.type, loadLanding, deps);
  yield takeLatest(guestJoinRequested.type, join, deps);
  yield takeLatest(linkAdmissionRequested.type, admit, deps);
  yield takeLatest(linkResendRequested.type, resendLink, deps);
}

/**
 * The live floor refused a member for the floor password: show the prompt
 * (with the refusal once one was tried) and wait. Answers the password, or
 * null when they gave up.
 */
export function* askFloorPassword(floorId: number, error: string | null) {
  yield put(floorPasswordRequired({ floorId, error }));
  const answer: ReturnType<typeof floorPasswordSubmitted> | ReturnType<typeof floorPasswordCancelled> = yield take([
    floorPasswordSubmitted.type,
    floorPasswordCancelled.type,
  ]);
  return floorPasswordSubmitted.match(answer) ? answer.payload : null;
}
