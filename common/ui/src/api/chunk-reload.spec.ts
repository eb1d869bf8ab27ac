import { expect } from 'chai';
import { describe, it } from 'mocha';
import { shouldReloadForChunkError } from './chunk-reload';

describe('shouldReloadForChunkError', () => {
  const now = 1_700_000_000_000;

  it('reloads the first time', () => {
    expect(shouldReloadForChunkError(now, null)).to.equal(true);
  });

  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadForChunkError(now, now - 59_999)).to.equal(false);
    expect(shouldReloadForChunkError(now, now - 60_000)).to.equal(true);
  });
});
