import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { errorMessageId, formatMessage, type Locale } from '@tsudoi/common';
import { sessionPerLiveSocket } from '../../services/live-socket-saga';
import type { AppSocket } from '../../services/socket';
import { selectLiveFloor, type WithLiveFloor } from '../floors/live-slice';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { watchDevices } from './device-watch';
import type { DeviceSelection } from './device-list';
import { MediaClient } from './media-client';
import { loadPreferences, savePreferences } from './preferences';
import type { MediaClientEvent } from './media-events';
import {
  cameraToggled,
  devicesListed,
  deviceSelected,
  speakersChanged,
  tileViewChanged,
  localTrackChanged,
  mediaDeviceSet,
  mediaPreferencesLoaded,
  mediaReset,
  mediaSettled,
  mediaStatusChanged,
  micToggled,
  remoteTrackAdded,
  remoteTrackRemoved,
  screenToggled,
  selectMedia,
  type MediaState,
  type WithMedia,
} from './media-slice';

/** The room my media should be in: mine while the live floor is joined, none otherwise. */
export function selectMediaRoom(state: WithLiveFloor): number | null {
  const live = selectLiveFloor(state);
  if (live.status !== 'joined' || !live.me) return null;
  return live.users[live.me.userId]?.roomId ?? null;
}

const clientChannel = (
  socket: AppSocket,
  wanted: { mic: boolean; camera: boolean },
  chosen: DeviceSelection,
): { client: MediaClient; events: EventChannel<MediaClientEvent> } => {
  let client!: MediaClient;
  const events = eventChannel<MediaClientEvent>((emit) => {
    client = new MediaClient(socket, emit, { ...wanted }, { mic: chosen.mic, camera: chosen.camera });
    return () => undefined;
  }, buffers.expanding(64));
  return { client, events };
};

function* followRoom(client: MediaClient) {
  let last: number | null | undefined;
  for (;;) {
    const room: number | null = yield select(selectMediaRoom);
    if (room !== last) {
      last = room;
      void client.enterRoom(room);
    }
    yield take((action: { type: string }) => action.type.startsWith('liveFloor/'));
  }
}

function* toggle(client: MediaClient, source: 'mic' | 'camera' | 'screen') {
  const state: MediaState = yield select(selectMedia);
  const on = !state[source];
  yield put(mediaDeviceSet({ source, on }));
  if (source === 'screen') void client.setScreen(on);
  else {
    savePreferences((yield select(selectMedia)) as MediaState);
    void client.setDevice(source, on);
  }
}

function* handle(event: MediaClientEvent) {
  switch (event.type) {
    case 'status':
      yield put(mediaStatusChanged({ status: event.status, roomId: event.roomId }));
      return;
    case 'settled':
      yield put(mediaSettled(event.roomId));
      return;
    case 'local':
      yield put(localTrackChanged({ source: event.source, trackId: event.trackId }));
      return;
    case 'deviceOff':
      yield put(mediaDeviceSet({ source: event.source, on: false }));
      return;
    case 'remoteAdded':
      yield put(remoteTrackAdded(event.remote));
      return;
    case 'speaking':
      yield put(speakersChanged(event.userIds));
      return;
    case 'remoteRemoved':
      yield put(remoteTrackRemoved(event.consumerId));
      return;
    case 'failed': {
      const locale: Locale = yield select(selectLocale);
      const message = event.message ?? formatMessage(locale, errorMessageId(event.code));
      if (
        event.code === 'NOT_ALLOWED_TO_SHARE_SCREEN' ||
        event.code === 'SHARE_SCREEN_NOT_AVAILABLE' ||
        event.code === 'SCREEN_ALREADY_SHARED'
      )
        yield put(mediaDeviceSet({ source: 'screen', on: false }));
      yield put(notify({ kind: 'error', message }));
      return;
    }
  }
}

/** One live socket's media: the client follows my room, the toggles, and tells the store what it has. */
function* session(socket: AppSocket) {
  const preferences = loadPreferences();
  yield put(mediaPreferencesLoaded(preferences));
  const { selected }: MediaState = yield select(selectMedia);
  const { client, events } = clientChannel(socket, preferences, selected);
  let listed = selected;
  try {
    yield takeEvery(deviceSelected.type, (action: ReturnType<typeof deviceSelected>) => {
      const { kind, deviceId } = action.payload;
      if (kind !== 'speaker') void client.selectDevice(kind, deviceId);
    });
    // a device in use was unplugged: the next one takes over; the first listing only names the default device
    yield takeEvery(devicesListed.type, (action: ReturnType<typeof devicesListed>) => {
      const before = listed;
      listed = action.payload.selected;
      for (const kind of ['mic', 'camera'] as const)
        void client.selectDevice(kind, listed[kind], before[kind] !== null && listed[kind] !== null);
    });
    yield takeEvery(tileViewChanged.type, (action: ReturnType<typeof tileViewChanged>) => {
      const { consumerId, ...view } = action.payload;
      void client.setView(consumerId, view);
    });
    yield fork(followRoom, client);
    yield takeEvery(micToggled.type, toggle, client, 'mic');
    yield takeEvery(cameraToggled.type, toggle, client, 'camera');
    yield takeEvery(screenToggled.type, toggle, client, 'screen');
    for (;;) {
      const event: MediaClientEvent = yield take(events);
      yield* handle(event);
    }
  } finally {
    events.close();
    void client.close();
    yield put(mediaReset());
  }
}

/** Media rides on the live floor's socket: a session per socket the live page opens. */
export function* mediaSaga() {
  yield fork(watchDevices);
  yield* sessionPerLiveSocket(session);
}

export type { WithMedia };
