import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { delay, put, race, select, take } from 'redux-saga/effects';
import {
  errorMessageId,
  formatMessage,
  presentationChangedSchema,
  presentationHostGoneSchema,
  presentationQuestionsSchema,
  presentationRemovedSchema,
  presentationDeniedSchema,
  type Ack,
  type Locale,
  type PresentationDto,
} from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { roomJoinRequested, selectLiveFloor, type LiveFloorState } from '../floors/live-slice';
import { selectFloorDetail, type FloorDetailState } from '../floors/detail-slice';
import { selectLocale } from '@tsudoi/ui/i18n';
import { cameraToggled, micToggled, screenToggled, selectMedia, type MediaState } from '../media/media-slice';
import { notify } from '@tsudoi/ui/notifications';
import {
  chatConversationJoined,
  chatJoinFailed,
  chatJoinRequested,
  savedChatDownloadRequested,
  type WithChat,
} from '../chat';
import {
  devicesRemembered,
  isInside,
  type questionsChanged,
  returnRoomSet,
  selectStage,
  type StageState,
} from './stage-slice';

/* The stage sagas' steps: the floor's presentation events, errors as notifications, devices off, moves on and off the stage. */

export type ServerEvent =
  | { type: 'changed'; presentation: PresentationDto | null }
  | { type: 'questions'; payload: Parameters<typeof questionsChanged>[0] }
  | { type: 'removed'; presentationId: number; by: number }
  | { type: 'denied'; request: 'enter' | 'speak'; by: number }
  | { type: 'hostGone'; outcome: 'handedOver' | 'ended'; message: string };

/** The floor's presentation events, checked with zod. */
export const serverEvents = (socket: AppSocket): EventChannel<ServerEvent> =>
  eventChannel((emit) => {
    const onChanged = (p: unknown) => {
      const parsed = presentationChangedSchema.safeParse(p);
      if (parsed.success) emit({ type: 'changed', presentation: parsed.data.presentation });
    };
    const onQuestions = (p: unknown) => {
      const parsed = presentationQuestionsSchema.safeParse(p);
      if (parsed.success) emit({ type: 'questions', payload: parsed.data });
    };
    const onRemoved = (p: unknown) => {
      const parsed = presentationRemovedSchema.safeParse(p);
      if (parsed.success) emit({ type: 'removed', presentationId: parsed.data.presentationId, by: parsed.data.by });
    };
    const onDenied = (p: unknown) => {
      const parsed = presentationDeniedSchema.safeParse(p);
      if (parsed.success) emit({ type: 'denied', request: parsed.data.request, by: parsed.data.by });
    };
    const onHostGone = (p: unknown) => {
      const parsed = presentationHostGoneSchema.safeParse(p);
      if (parsed.success) emit({ type: 'hostGone', outcome: parsed.data.outcome, message: parsed.data.message });
    };
    socket.on('presentation:changed', onChanged);
    socket.on('presentation:hostGone', onHostGone);
    socket.on('presentation:questions', onQuestions);
    socket.on('presentation:removed', onRemoved);
    socket.on('presentation:denied', onDenied);
    return () => {
      socket.off('presentation:denied', onDenied);
      socket.off('presentation:changed', onChanged);
      socket.off('presentation:hostGone', onHostGone);
      socket.off('presentation:questions', onQuestions);
      socket.off('presentation:removed', onRemoved);
    };
  }, buffers.expanding(32));

/** The error as a notification: the server's message, else the catalogue text (spec §8.3 default connection error). */
export function* failed(answer: Ack<unknown>) {
  if (answer.ok) return;
  const locale: Locale = yield select(selectLocale);
  yield put(
    notify({
      kind: 'error',
      message: answer.error.message || formatMessage(locale, errorMessageId(answer.error.code)),
    }),
  );
}

export function* myRoomId() {
  const live: LiveFloorState = yield select(selectLiveFloor);
  const me = live.me?.userId;
  return me !== undefined ? (live.users[me]?.roomId ?? null) : null;
}

/** My camera and microphone as they are now, kept until I am out of the presentation (the first time only). */
export function* rememberDevices() {
  const media: MediaState = yield select(selectMedia);
  const stage: StageState = yield select(selectStage);
  if (!stage.devicesBefore) yield put(devicesRemembered({ mic: media.mic, camera: media.camera }));
}

/**
 * Spec §4: a presentation request turns my active devices off first. What was on is remembered and given
 * back by `devicesBack` when I am out again.
 */
export function* devicesOff() {
  yield* rememberDevices();
  const media: MediaState = yield select(selectMedia);
  if (media.mic) yield put(micToggled());
  if (media.camera) yield put(cameraToggled());
  if (media.screen) yield put(screenToggled());
}

/**
 * Out of the presentation (I left, it ended, or its host took me out): my camera and microphone are as they
 * were before it (on the stage's terms: what I turned on there goes off), and a shared screen stops. A screen
 * is never restarted: it needs the person to pick one again.
 */
export function* devicesBack() {
  const stage: StageState = yield select(selectStage);
  const media: MediaState = yield select(selectMedia);
  const before = stage.devicesBefore ?? { mic: false, camera: false };
  yield put(devicesRemembered(null));
  if (media.mic !== before.mic) yield put(micToggled());
  if (media.camera !== before.camera) yield put(cameraToggled());
  if (media.screen) yield put(screenToggled());
}

/** Into the stage room, remembering where I came from (not while waiting outside a private one). */
export function* enter(presentation: PresentationDto) {
  const here: number | null = yield* myRoomId();
  const live: LiveFloorState = yield select(selectLiveFloor);
  if (!isInside(presentation, live.me?.userId)) return;
  if (here !== presentation.roomId) {
    yield put(returnRoomSet(here));
    yield put(roomJoinRequested({ roomId: presentation.roomId }));
  }
}

/** Back to the room I came from (the entrance when unknown), if I am still on the stage. */
export function* back(stageRoomId: number) {
  const here: number | null = yield* myRoomId();
  const live: LiveFloorState = yield select(selectLiveFloor);
  // once only: the leave's answer and the floor's push both lead here
  if (here !== stageRoomId || live.moving !== null) return;
  const stage: StageState = yield select(selectStage);
  const detail: FloorDetailState = yield select(selectFloorDetail);
  const entrance = detail.rooms?.find((r) => r.number === 1)?.id ?? null;
  const target = stage.returnRoomId ?? entrance;
  yield put(returnRoomSet(null));
  if (target !== null && target !== stageRoomId) yield put(roomJoinRequested({ roomId: target }));
}

/** The calls of the running kind: conference:* for a conference (spec §7.13), presentation:* otherwise. */
export function* kindOf() {
  const stage: StageState = yield select(selectStage);
  return stage.presentation?.kind ?? 'presentation';
}

/**
 * Save-chat on leave (spec §4 Room change): the stage room's conversation as
 * a text file, joined first when this client never opened it (the chat's own
 * download; after the leave the saved copy serves it as well).
 */
export function* downloadStageChat(roomId: number) {
  const find = (state: WithChat) =>
    state.chat.conversations.find((c) => c.scope === 'room' && c.typeId === roomId) ?? null;
  let conversation: ReturnType<typeof find> = yield select(find);
  if (!conversation) {
    yield put(chatJoinRequested({ scope: 'room', roomId }));
    const { joined } = yield race({
      joined: take(chatConversationJoined.type),
      failed: take(chatJoinFailed.type),
      late: delay(5000),
    });
    if (!joined) return; // the chat's join told why
    conversation = yield select(find);
  }
  if (conversation)
    yield put(savedChatDownloadRequested({ conversationId: conversation.id, title: conversation.title }));
}
