import type { SagaIterator } from 'redux-saga';
import { call, delay, fork, put, select, takeEvery } from 'redux-saga/effects';
import {
  ackSchema,
  floorUserSchema,
  formatMessage,
  roomInvitationSchema,
  ROOM_INVITATION_TIMEOUT_MS,
  type Ack,
  type Locale,
  type RoomDto,
  type RoomInvitationDto,
} from '@tsudoi/common';
import { send, type AppSocket } from '../../services/socket';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { selectFloorDetail } from './detail-slice';
import {
  invitationAnswerRequested,
  invitationEnded,
  invitationReceived,
  inviteCancelRequested,
  inviteFailed,
  inviteRequested,
  inviteSent,
  removeUserDone,
  removeUserRequested,
  roomJoined,
  selectLiveFloor,
  type LiveFloorState,
  type ReceivedInvitation,
} from './live-slice';

/**
 * Room invitations and the host's removals on the live floor (spec §4, §6):
 * invite, cancel, answer, kick out, dismiss. The server ends every
 * invitation after 10000 ms; a local guard ends it too should that event be
 * lost (a dropped socket), so a card never rings for ever.
 */
const inviteAnswer = ackSchema(roomInvitationSchema);
const answerAnswer = ackSchema(floorUserSchema.nullable());
// Cancel, kick-out and dismiss answer null; only ok or the error matters.
const nullAnswer = ackSchema(floorUserSchema.nullable());
/** How long after its 10000 ms the local guard waits for the server's own timeout. */
export const INVITATION_GRACE_MS = 2000;

/** The countdown's end on this device: at most 10000 ms from now, sooner when the server says it expires earlier. */
export function deadlineOf(invitation: Pick<RoomInvitationDto, 'expiresAt'>, now: number): number {
  const expires = Date.parse(invitation.expiresAt);
  const left = Number.isNaN(expires) ? ROOM_INVITATION_TIMEOUT_MS : expires - now;
  // A device clock far from the server's would distort the countdown: trust only the 10 s then.
  return now + (left > 0 && left <= ROOM_INVITATION_TIMEOUT_MS ? left : ROOM_INVITATION_TIMEOUT_MS);
}

function* failed(answer: { success: boolean; data?: Ack<unknown> }): SagaIterator<void> {
  const locale: Locale = yield select(selectLocale);
  const message =
    answer.success && answer.data && !answer.data.ok
      ? answer.data.error.message
      : formatMessage(locale, 'errors.SOMETHING_WENT_WRONG');
  yield put(notify({ kind: 'error', message }));
}

function* guard(id: number, deadline: number): SagaIterator<void> {
  yield delay(Math.max(0, deadline - Date.now()) + INVITATION_GRACE_MS);
  const live: LiveFloorState = yield select(selectLiveFloor);
  if (live.received.some((i) => i.id === id) || live.sent.some((i) => i.id === id))
    yield put(invitationEnded({ id, outcome: 'timedOut' }));
}

/** floor:invitationReceived: names the inviter and the room, and rings (the plain action carries them). */
export function* received(invitation: RoomInvitationDto, floorId: number): SagaIterator<void> {
  if (invitation.floorId !== floorId) return;
  const live: LiveFloorState = yield select(selectLiveFloor);
  const detail: ReturnType<typeof selectFloorDetail> = yield select(selectFloorDetail);
  const room: RoomDto | undefined = detail.rooms?.find((r) => r.id === invitation.roomId);
  const card: ReceivedInvitation = {
    id: invitation.id,
    floorId,
    roomId: invitation.roomId,
    inviterId: invitation.inviterId,
    fromName: live.users[invitation.inviterId]?.name ?? '',
    roomName: room?.name ?? '',
    deadline: deadlineOf(invitation, Date.now()),
  };
  yield put(invitationReceived(card));
  yield fork(guard, card.id, card.deadline);
}

function* invite(socket: AppSocket, action: ReturnType<typeof inviteRequested>) {
  const { userId, roomId } = action.payload;
  const raw: Ack<unknown> = yield call(send, socket, 'floor:inviteToRoom', roomId ? { userId, roomId } : { userId });
  const answer = inviteAnswer.safeParse(raw);
  if (answer.success && answer.data.ok) {
    const deadline = deadlineOf(answer.data.data, Date.now());
    yield put(inviteSent({ invitation: answer.data.data, deadline }));
    yield fork(guard, answer.data.data.id, deadline);
    return;
  }
  yield put(inviteFailed());
  yield* failed(answer);
}

function* cancel(socket: AppSocket, action: ReturnType<typeof inviteCancelRequested>) {
  const raw: Ack<unknown> = yield call(send, socket, 'floor:cancelInvite', { invitationId: action.payload });
  const answer = nullAnswer.safeParse(raw);
  // Ended either way: cancelled now, or already over (answered or timed out) — the event may be on its way.
  yield put(invitationEnded({ id: action.payload, outcome: 'cancelled' }));
  if (answer.success && !answer.data.ok && answer.data.error.code !== 'ROOM_INVITATION_NOT_FOUND')
    yield* failed(answer);
}

function* answerInvitation(socket: AppSocket, action: ReturnType<typeof invitationAnswerRequested>) {
  const { id, accept } = action.payload;
  const raw: Ack<unknown> = yield call(send, socket, 'floor:answerInvite', { invitationId: id, isAccepted: accept });
  const answer = answerAnswer.safeParse(raw);
  yield put(invitationEnded({ id, outcome: accept ? 'accepted' : 'declined' }));
  if (answer.success && answer.data.ok) {
    if (answer.data.data) yield put(roomJoined(answer.data.data));
  } else yield* failed(answer);
}

function* removeUser(socket: AppSocket, action: ReturnType<typeof removeUserRequested>) {
  const { userId, dismiss } = action.payload;
  const raw: Ack<unknown> = yield call(send, socket, dismiss ? 'floor:dismissGuest' : 'floor:kickOut', { userId });
  const answer = nullAnswer.safeParse(raw);
  yield put(removeUserDone());
  if (!answer.success || !answer.data.ok) yield* failed(answer);
}

/** Runs for one live visit, on its socket. */
export function* followInvitations(socket: AppSocket): SagaIterator<void> {
  yield takeEvery(inviteRequested.type, invite, socket);
  yield takeEvery(inviteCancelRequested.type, cancel, socket);
  yield takeEvery(invitationAnswerRequested.type, answerInvitation, socket);
  yield takeEvery(removeUserRequested.type, removeUser, socket);
}
