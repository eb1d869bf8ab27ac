import { expect } from 'chai';
import { runSaga, stdChannel } from 'redux-saga';
import type { AnyAction } from '@reduxjs/toolkit';
import type { FloorUserDto } from '@tsudoi/common';
import { mediaInitialState, mediaReducer, mediaSettled, mediaStatusChanged } from '../media/media-slice';
import { afterEachJoin, SETTLE_WAIT_MS } from './after-join';
import { liveInitialState, type LiveFloorState } from './live-slice';

const joinedIn = (roomId: number): LiveFloorState => ({
  ...liveInitialState,
  floorId: 1,
  status: 'joined',
  me: { userId: 7 } as LiveFloorState['me'],
  users: { 7: { userId: 7, roomId } as FloorUserDto },
});

/** afterEachJoin over a real media reducer; answers how many times `run` ran, and a dispatch. */
function start(liveFloor: LiveFloorState) {
  let state = { liveFloor, media: mediaInitialState };
  const channel = stdChannel();
  let runs = 0;
  const task = runSaga({ channel, getState: () => state }, afterEachJoin, function* () {
    runs += 1;
    yield undefined;
  });
  const dispatch = (action: AnyAction) => {
    state = { ...state, media: mediaReducer(state.media, action) };
    channel.put(action);
  };
  return { runs: () => runs, dispatch, task };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('floors: what loads after each join waits for my room’s media', () => {
  it('runs once the media of my room has settled, not before', async () => {
    const s = start(joinedIn(9));
    s.dispatch(mediaStatusChanged({ status: 'connecting', roomId: 9 }));
    await wait(20);
    expect(s.runs()).to.equal(0);
    s.dispatch(mediaSettled(10)); // another room's join (a move under way) is not mine
    await wait(20);
    expect(s.runs()).to.equal(0);
    s.dispatch(mediaSettled(9));
    await wait(20);
    expect(s.runs()).to.equal(1);
    s.task.cancel();
  });

  it('runs after SETTLE_WAIT_MS when the media never settles (no media client, a stuck join)', async function () {
    this.timeout(SETTLE_WAIT_MS + 2000);
    const s = start(joinedIn(9));
    await wait(SETTLE_WAIT_MS - 200);
    expect(s.runs()).to.equal(0);
    await wait(400);
    expect(s.runs()).to.equal(1);
    s.task.cancel();
  });

  it('does not run before the floor is joined', async () => {
    const s = start({ ...liveInitialState, status: 'connecting' } as LiveFloorState);
    s.dispatch(mediaSettled(9));
    await wait(20);
    expect(s.runs()).to.equal(0);
    s.task.cancel();
  });
});
