import { expect } from 'chai';
import { runSaga, type Saga } from 'redux-saga';
import type { AnyAction } from '@reduxjs/toolkit';
import { cameraToggled, mediaInitialState, micToggled, screenToggled, type MediaState } from '../media/media-slice';
import { devicesBack, devicesOff, rememberDevices } from './stage-saga-steps';
import { devicesRemembered, stageInitialState, stageReducer, type StageState } from './stage-slice';

/** Runs one step against a real stage reducer and a media state as given; answers what it dispatched. */
function step(saga: Saga, media: Partial<MediaState>, stage: Partial<StageState> = {}) {
  let state = { media: { ...mediaInitialState, ...media }, stage: { ...stageInitialState, ...stage } };
  const dispatched: AnyAction[] = [];
  runSaga(
    {
      getState: () => state,
      dispatch: (action: AnyAction) => {
        dispatched.push(action);
        state = { ...state, stage: stageReducer(state.stage, action) };
      },
    },
    saga,
  );
  return { dispatched, stage: state.stage };
}

describe('stage: my camera and microphone around a presentation', () => {
  it('the host starting keeps hers on, and they are remembered', () => {
    const run = step(rememberDevices, { mic: true, camera: true });
    expect(run.dispatched).to.deep.equal([devicesRemembered({ mic: true, camera: true })]);
  });

  it('joining turns everything off, remembering what was on the first time only', () => {
    const first = step(devicesOff, { mic: true, camera: false, screen: true });
    expect(first.dispatched).to.deep.equal([
      devicesRemembered({ mic: true, camera: false }),
      micToggled(),
      screenToggled(),
    ]);
    // a second turn-off inside the presentation (asking to speak) keeps what was there before it
    const again = step(devicesOff, { mic: false, camera: true }, { devicesBefore: { mic: true, camera: false } });
    expect(again.dispatched).to.deep.equal([cameraToggled()]);
    expect(again.stage.devicesBefore).to.deep.equal({ mic: true, camera: false });
  });

  it('out again, the devices are as they were before: what the stage turned on goes off, a screen stops', () => {
    const run = step(
      devicesBack,
      { mic: false, camera: true, screen: true },
      { devicesBefore: { mic: true, camera: false } },
    );
    expect(run.dispatched).to.deep.equal([devicesRemembered(null), micToggled(), cameraToggled(), screenToggled()]);
    expect(run.stage.devicesBefore).to.equal(null);
    // nothing remembered (a refresh in the middle): everything goes off, as the spec's end of a presentation
    expect(step(devicesBack, { mic: true, camera: false }).dispatched).to.deep.equal([
      devicesRemembered(null),
      micToggled(),
    ]);
  });
});
