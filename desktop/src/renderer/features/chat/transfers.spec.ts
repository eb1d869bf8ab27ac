import { expect } from 'chai';
import { describe, it } from 'mocha';
import {
  chatInitialState,
  chatReducer,
  downloadFinished,
  downloadProgressed,
  downloadQueued,
  downloadStarted,
  uploadDismissed,
  uploadFinished,
  uploadProgressed,
  uploadQueued,
  uploadStarted,
  type ChatState,
} from './slice';

const reduce = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) =>
  actions.reduce((s, a) => chatReducer(s, a), state);
const item = (id: string) => ({ item: { id, conversationId: 1, name: `${id}.txt`, size: 10 } });

describe('chat transfer queues', () => {
  it('runs uploads one at a time with progress from 0 to 100', () => {
    const queued = reduce(chatInitialState, uploadQueued(item('a')), uploadQueued(item('b')));
    expect(queued.uploads.pending.map((u) => u.id)).to.deep.equal(['a', 'b']);
    const started = reduce(queued, uploadStarted('a'), uploadProgressed(42.4));
    expect(started.uploads.current?.id).to.equal('a');
    expect(started.uploads.pending.map((u) => u.id)).to.deep.equal(['b']);
    expect(started.uploads.progress).to.equal(42);
    expect(reduce(started, uploadProgressed(250)).uploads.progress).to.equal(100);
    expect(reduce(started, uploadProgressed(-3)).uploads.progress).to.equal(0);
    const done = reduce(started, uploadFinished({ id: 'a', error: null }));
    expect(done.uploads.current).to.equal(null);
    expect(done.uploads.progress).to.equal(0);
    expect(done.uploads.failed).to.deep.equal([]);
  });

  it('keeps a failed upload with its reason until dismissed', () => {
    const failed = reduce(
      chatInitialState,
      uploadQueued(item('a')),
      uploadStarted('a'),
      uploadFinished({ id: 'a', error: 'The file is too large' }),
    );
    expect(failed.uploads.failed).to.have.length(1);
    expect(failed.uploads.failed[0]).to.include({ id: 'a', error: 'The file is too large', code: null });
    expect(reduce(failed, uploadDismissed('a')).uploads.failed).to.deep.equal([]);
  });

  it('keeps the code of a failure, so a full storage quota can be told apart', () => {
    const failed = reduce(
      chatInitialState,
      uploadQueued(item('a')),
      uploadStarted('a'),
      uploadFinished({
        id: 'a',
        error: 'Your team’s storage has no room for this file',
        code: 'STORAGE_QUOTA_EXCEEDED',
      }),
    );
    expect(failed.uploads.failed[0]).to.include({ id: 'a', code: 'STORAGE_QUOTA_EXCEEDED' });
  });

  it('queues each download once and reports its progress', () => {
    const queued = reduce(
      chatInitialState,
      downloadQueued({ messageId: 5, name: 'a.pdf' }),
      downloadQueued({ messageId: 5, name: 'a.pdf' }),
      downloadQueued({ messageId: 6, name: 'b.zip' }),
    );
    expect(queued.downloads.pending.map((d) => d.messageId)).to.deep.equal([5, 6]);
    const running = reduce(
      queued,
      downloadStarted(5),
      downloadProgressed(60),
      downloadQueued({ messageId: 5, name: 'a.pdf' }),
    );
    expect(running.downloads.current?.messageId).to.equal(5);
    expect(running.downloads.pending.map((d) => d.messageId)).to.deep.equal([6]);
    expect(running.downloads.progress).to.equal(60);
    expect(reduce(running, downloadFinished(5)).downloads.current).to.equal(null);
  });
});
