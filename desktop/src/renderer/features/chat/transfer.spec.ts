import { expect } from 'chai';
import { describe, it } from 'mocha';
import { percentOf } from './transfer';

describe('chat: transfer progress', () => {
  it('is a whole percentage from 0 to 100', () => {
    expect(percentOf(0, 100)).to.equal(0);
    expect(percentOf(1, 3)).to.equal(33);
    expect(percentOf(999, 1000)).to.equal(99);
    expect(percentOf(1000, 1000)).to.equal(100);
  });

  it('clamps overshoot and unknown totals', () => {
    expect(percentOf(1200, 1000)).to.equal(100);
    expect(percentOf(50, 0)).to.equal(0);
    expect(percentOf(-5, 10)).to.equal(0);
    expect(percentOf(5, Number.NaN)).to.equal(0);
  });
});
