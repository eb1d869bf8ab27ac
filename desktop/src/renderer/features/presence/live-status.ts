import { call, put, select, takeLatest } from 'redux-saga/effects';
import { ackSchema, floorUserSchema, type Ack, type FloorUserDto, type PresenceStatus } from '@tsudoi/common';
import { send, type AppSocket } from '../../services/socket';
import { activeStatusAdopted, activeStatusRequested, selectPresence, type PresenceState } from './slice';

const answerSchema = ackSchema(floorUserSchema);

/** floor:updateUser with the wanted activeStatus; the floor's presence batch shows it to everyone (us included). */
export function* sendActiveStatus(socket: AppSocket, status: PresenceStatus) {
  const raw: Ack<unknown> = yield call(send, socket, 'floor:updateUser', { activeStatus: status });
  const answer = answerSchema.safeParse(raw);
  return answer.success && answer.data.ok ? answer.data.data : null;
}

/** While on a floor: every status request goes to the floor (a newer one replaces one on its way). */
export function* followActiveStatus(socket: AppSocket) {
  yield takeLatest(activeStatusRequested.type, function* (action: ReturnType<typeof activeStatusRequested>) {
    yield* sendActiveStatus(socket, action.payload.status);
  });
}

/**
 * After joining: a status chosen off the floor (or while reconnecting) that
 * the floor does not show yet is sent; with nothing chosen yet, the floor's
 * saved status is adopted.
 */
export function* syncActiveStatus(socket: AppSocket, me: FloorUserDto | undefined) {
  if (!me) return;
  const { status, chosen }: PresenceState = yield select(selectPresence);
  if (!chosen) yield put(activeStatusAdopted(me.activeStatus));
  else if (me.activeStatus !== status) yield* sendActiveStatus(socket, status);
}
