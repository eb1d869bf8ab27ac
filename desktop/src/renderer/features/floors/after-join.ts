import { call, delay, race, select, take } from 'redux-saga/effects';
import { selectMedia, type WithMedia } from '../media/media-slice';
import { selectLiveFloor, type LiveFloorState, type WithLiveFloor } from './live-slice';

/** How long the floor's other first reads wait at most for my room's media to settle. */
export const SETTLE_WAIT_MS = 1_500;

const liveFloorAction = (action: { type: string }) => action.type.startsWith('liveFloor/');

/** Joined, and my room's media join has finished (or there is no media for me there). */
function settled(state: WithLiveFloor & WithMedia): boolean {
  const live = selectLiveFloor(state);
  const myRoom = live.me ? (live.users[live.me.userId]?.roomId ?? null) : null;
  return live.status !== 'joined' || selectMedia(state).settledRoom === myRoom;
}

function* untilSettled() {
  while (!((yield select(settled)) as boolean)) yield take('*');
}

/**
 * After each (re)join of the live floor, `run` once: what the page shows
 * beside the map and the video (recordings, requests, the stage, the lobby).
 * It waits for my room's media join to settle, at most SETTLE_WAIT_MS, so
 * that the first remote frame is not queued behind these answers and the
 * re-renders they cause (docs/decisions/0442).
 */
export function* afterEachJoin(run: () => Generator) {
  for (;;) {
    const live: LiveFloorState = yield select(selectLiveFloor);
    if (live.status !== 'joined') {
      yield take(liveFloorAction);
      continue;
    }
    yield race({ settled: call(untilSettled), timeout: delay(SETTLE_WAIT_MS) });
    yield* run();
    while (((yield select(selectLiveFloor)) as LiveFloorState).status === 'joined') yield take(liveFloorAction);
  }
}
