import { expect } from 'chai';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { AnyAction } from '@reduxjs/toolkit';
import type { VirtualBackgroundDto } from '@tsudoi/common';
import { effectChosen } from '../media/effects/effects-slice';
import { restoreUploadedEffectSaga } from './restore-effect';
import { listLoaded, thumbnailLoaded } from './slice';

const dto = (id: number): VirtualBackgroundDto => ({
  id,
  mimeType: 'image/png',
  size: 10,
  createdAt: '2026-11-23T00:00:00.000Z',
  url: `/api/virtual-backgrounds/download/${id}`,
});

/** Runs the saga with a real redux-saga channel; answers what it dispatched and whether it ended. */
function start(storedId: string | null) {
  const channel = stdChannel<AnyAction>();
  const dispatched: AnyAction[] = [];
  const task = runSaga(
    { channel, dispatch: (action: AnyAction) => dispatched.push(action), getState: () => ({}) },
    restoreUploadedEffectSaga as Saga<[string | null]>,
    storedId,
  );
  return { send: (action: AnyAction) => channel.put(action), dispatched, done: () => !task.isRunning() };
}

describe('virtual backgrounds: the uploaded background kept as the camera effect comes back after a reload', () => {
  it('is chosen again with the new object URL once its image is downloaded', () => {
    const run = start('upload:7');
    run.send(listLoaded([dto(3), dto(7)]));
    run.send(thumbnailLoaded({ id: 3, url: 'blob:three' }));
    expect(run.dispatched).to.deep.equal([]);
    run.send(thumbnailLoaded({ id: 7, url: 'blob:seven' }));
    expect(run.dispatched).to.deep.equal([
      effectChosen({ mode: 'background', background: { id: 'upload:7', url: 'blob:seven' } }),
    ]);
    expect(run.done()).to.equal(true);
  });

  it('does nothing when the background is gone, failed to download, or another effect was chosen first', () => {
    const gone = start('upload:7');
    gone.send(listLoaded([dto(3)]));
    gone.send(thumbnailLoaded({ id: 7, url: 'blob:late' }));
    expect([gone.dispatched, gone.done()]).to.deep.equal([[], true]);

    const failed = start('upload:7');
    failed.send(thumbnailLoaded({ id: 7, url: null }));
    expect([failed.dispatched, failed.done()]).to.deep.equal([[], true]);

    const overruled = start('upload:7');
    overruled.send(effectChosen({ mode: 'blur', background: null }));
    overruled.send(thumbnailLoaded({ id: 7, url: 'blob:seven' }));
    expect(overruled.dispatched).to.deep.equal([]);
  });

  it('ends at once when the kept effect is not an uploaded background', () => {
    for (const stored of [null, 'builtin:office', 'upload:x']) expect(start(stored).done()).to.equal(true);
  });
});
