import { expect } from 'chai';
import { describe, it } from 'mocha';
import { returnPath } from './paths';

describe('returnPath', () => {
  it('returns a remembered path of this app', () => {
    expect(returnPath({ from: '/profile/edit?tab=1' })).to.equal('/profile/edit?tab=1');
  });

  it('ignores anything that could leave the app or is not a path', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { from: 42 },
      { from: 'https://evil.example' },
      { from: '//evil' },
    ]) {
      expect(returnPath(state), JSON.stringify(state)).to.equal(undefined);
    }
  });
});
