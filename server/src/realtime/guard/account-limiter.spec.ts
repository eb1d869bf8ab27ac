import { expect } from 'chai';
import { AccountLimiter } from './account-limiter';
import { DEFAULT_SOCKET_LIMITS } from './limits';

describe('AccountLimiter (per-account budgets over all sockets)', () => {
  const limits = { ...DEFAULT_SOCKET_LIMITS.account, read: { perSecond: 2, burst: 3, burstWindow: 10 } };

  it('allows the per-second budget plus the burst, then answers the wait; other accounts and classes apart', async () => {
    const limiter = new AccountLimiter(undefined, limits, () => undefined);
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await limiter.spend('read', 'account:1'));
    expect(waits.slice(0, 5)).to.deep.equal([undefined, undefined, undefined, undefined, undefined]);
    expect(waits[5]).to.be.within(1, 1000);
    expect(await limiter.spend('read', 'account:2')).to.equal(undefined);
    expect(await limiter.spend('write', 'account:1')).to.equal(undefined);
  });

  it('spends a request’s cost (from the burst when the second cannot pay it)', async () => {
    const limiter = new AccountLimiter(undefined, limits, () => undefined);
    expect(await limiter.spend('read', 'account:3', 3)).to.equal(undefined);
    expect(await limiter.spend('read', 'account:3', 1)).to.be.a('number');
  });
});
