import { expect } from 'chai';
import { TokenBucket } from './token-bucket';

describe('TokenBucket (socket guard)', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1000));

  it('gives its burst at once, then refuses', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 1 }, clock);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).to.deep.equal([true, true, true, false]);
  });

  it('spends several tokens for a costly request, and waits for all of them', () => {
    const bucket = new TokenBucket({ burst: 5, perSecond: 2 }, clock);
    expect([bucket.take(2), bucket.take(2), bucket.take(2)]).to.deep.equal([true, true, false]);
    expect(bucket.waitMs(2)).to.equal(500);
    expect(bucket.take()).to.equal(true);
  });

  it('refills at its rate, never beyond its burst, and says how long until the next token', () => {
    const bucket = new TokenBucket({ burst: 2, perSecond: 4 }, clock);
    bucket.take();
    bucket.take();
    expect(bucket.waitMs()).to.equal(250);
    now += 100;
    expect(bucket.take()).to.equal(false);
    expect(bucket.waitMs()).to.be.closeTo(150, 1e-9);
    now += 150;
    expect(bucket.waitMs()).to.equal(0);
    expect(bucket.take()).to.equal(true);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).to.deep.equal([true, true, false]);
  });
});
