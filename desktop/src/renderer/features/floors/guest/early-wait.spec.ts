import { expect } from 'chai';
import { EARLY_RETRY_MS, earlyWaitMs, MAX_EARLY_WAIT_MS } from './guest-sagas';

describe('guests: an early guest enters at the start of the visit', () => {
  it('waits until the start the refusal names, a moment after it', () => {
    expect(earlyWaitMs(12)).to.equal(12_300);
    expect(earlyWaitMs(0)).to.equal(300);
  });

  it('asks again at least once a minute when the start is far (a booking moved earlier meanwhile)', () => {
    expect(earlyWaitMs(3600)).to.equal(MAX_EARLY_WAIT_MS);
    expect(MAX_EARLY_WAIT_MS).to.equal(60_000);
  });

  it('without the figure (an older server), asks every 20 s as before', () => {
    expect(earlyWaitMs(undefined)).to.equal(EARLY_RETRY_MS);
  });
});
