import { expect } from 'chai';
import type { VirtualBackgroundDto } from '@tsudoi/common';
import {
  listLoaded,
  listLoading,
  removeFinished,
  removeRequested,
  thumbnailLoaded,
  uploadFinished,
  uploadProgressed,
  uploadStarted,
  virtualBackgroundsInitial,
  virtualBackgroundsReducer as reduce,
  type VirtualBackgroundsState,
} from './slice';

const dto = (id: number): VirtualBackgroundDto => ({
  id,
  mimeType: 'image/png',
  size: 10,
  createdAt: '2026-11-23T00:00:00.000Z',
  url: `/api/virtual-backgrounds/download/${id}`,
});
const run = (state: VirtualBackgroundsState, ...actions: Parameters<typeof reduce>[1][]) =>
  actions.reduce(reduce, state);

describe('virtual backgrounds slice', () => {
  it('keeps loaded thumbnails across a reload of the same owner and starts empty for another owner', () => {
    const loaded = run(
      virtualBackgroundsInitial,
      listLoading('user'),
      listLoaded([dto(2), dto(1)]),
      thumbnailLoaded({ id: 2, url: 'blob:two' }),
      thumbnailLoaded({ id: 1, url: null }),
    );
    expect(loaded.items).to.deep.equal([
      { id: 2, url: 'blob:two', failed: false },
      { id: 1, url: null, failed: true },
    ]);
    const again = run(loaded, listLoading('user'), listLoaded([dto(2)]));
    expect(again.items).to.deep.equal([{ id: 2, url: 'blob:two', failed: false }]);
    const guest = run(loaded, listLoading('guest:7'));
    expect(guest).to.deep.include({ owner: 'guest:7', status: 'loading', items: [] });
  });

  it('tracks an upload from 0 to 100 and puts the new background first, or keeps the reason it failed', () => {
    const state = run(virtualBackgroundsInitial, listLoading('user'), listLoaded([dto(1)]), uploadStarted());
    expect(run(state, uploadProgressed(140)).upload.progress).to.equal(100);
    expect(run(state, uploadProgressed(-3)).upload.progress).to.equal(0);
    const done = run(state, uploadProgressed(40), uploadFinished({ added: dto(5), error: null }));
    expect(done.upload).to.deep.equal({ busy: false, progress: 0, error: null });
    expect(done.items.map((i) => i.id)).to.deep.equal([5, 1]);
    const failed = run(state, uploadFinished({ added: null, error: 'Too large' }));
    expect(failed.upload.error).to.equal('Too large');
    expect(failed.items.map((i) => i.id)).to.deep.equal([1]);
  });

  it('removes a background only once its deletion is done', () => {
    const state = run(virtualBackgroundsInitial, listLoading('user'), listLoaded([dto(2), dto(1)]), removeRequested(2));
    expect(state.deleting).to.equal(2);
    expect(run(state, removeFinished({ id: 2, removed: false })).items).to.have.length(2);
    const gone = run(state, removeFinished({ id: 2, removed: true }));
    expect(gone.deleting).to.equal(null);
    expect(gone.items.map((i) => i.id)).to.deep.equal([1]);
  });
});

describe('virtual backgrounds for the camera effect', () => {
  it('names uploaded backgrounds upload:<id> and reads the id back only from such names', async () => {
    const { effectBackgroundOf, uploadedIdOf, selectMenuBackgrounds } = await import('./slice');
    expect(effectBackgroundOf({ id: 12, url: 'blob:x' })).to.deep.equal({ id: 'upload:12', url: 'blob:x' });
    expect(uploadedIdOf('upload:12')).to.equal(12);
    expect([uploadedIdOf('builtin:office'), uploadedIdOf(null), uploadedIdOf('upload:1x')]).to.deep.equal([
      null,
      null,
      null,
    ]);
    const state = run(
      virtualBackgroundsInitial,
      listLoading('user'),
      listLoaded([dto(2), dto(1)]),
      thumbnailLoaded({ id: 1, url: 'blob:one' }),
    );
    expect(selectMenuBackgrounds({ virtualBackgrounds: state })).to.deep.equal([{ id: 'upload:1', url: 'blob:one' }]);
  });
});
