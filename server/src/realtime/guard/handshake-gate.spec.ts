import { expect } from 'chai';
import { AppError } from '../../http/app-error';
import { HandshakeGate } from './handshake-gate';

const limits = {
  handshakes: { points: 3, duration: 60 },
  identityHandshakes: { account: { points: 4, duration: 60 }, guest: { points: 2, duration: 60 } },
  guestHandshakesPerAddress: { points: 5, duration: 60 },
  guestHandshakeBurstPerAddress: { points: 5, duration: 10 },
  handshakeDropAfter: 2,
  flood: { refusals: 200, window: 10, cooldown: 30 },
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'admitted',
    (e: unknown) => (e instanceof AppError ? `${e.code} ${String(e.options.values?.retryAfterS)}` : String(e)),
  );

describe('HandshakeGate (handshake budget per address, flood cooldown per account)', () => {
  let now = 1_000_000;
  beforeEach(() => (now = 1_000_000));
  const gate = () =>
    new HandshakeGate(
      undefined,
      limits,
      (err) => {
        throw err;
      },
      () => now,
    );

  it('admits an address’s budget, then refuses with RATE_LIMITED and the wait, then drops it', async () => {
    const g = gate();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await codeOf(g.admitAddress('203.0.113.1')));
    expect(answers.slice(0, 3)).to.deep.equal(['admitted', 'admitted', 'admitted']);
    expect(answers[3]).to.match(/^RATE_LIMITED (59|60)$/);
    expect(g.dropped('203.0.113.1')).to.equal(true); // two refusals: no more answers
    expect(g.dropped('203.0.113.2')).to.equal(false);
    expect(await codeOf(g.admitAddress('203.0.113.2'))).to.equal('admitted');
    now += 61_000;
    expect(g.dropped('203.0.113.1')).to.equal(false);
  });

  it('refuses an account cooling down after a flood, and no other', async () => {
    const g = gate();
    expect(await codeOf(g.admitAccount('account:7'))).to.equal('admitted');
    g.coolDown('account:7');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await codeOf(g.admitAccount('account:7'))).to.match(/^RATE_LIMITED (29|30)$/);
    expect(await codeOf(g.admitAccount('account:8'))).to.equal('admitted');
  });

  it('gives a guest identity a much smaller handshake budget than an account, each its own; refusals count toward dropping the address', async () => {
    const g = gate();
    const guest = await Promise.all([1, 2, 3].map(() => codeOf(g.admitIdentity('account:7', true, '192.0.2.1'))));
    expect(guest).to.deep.equal(['admitted', 'admitted', 'RATE_LIMITED 60']);
    // another guest identity of the same address has its own
    expect(await codeOf(g.admitIdentity('account:8', true, '192.0.2.1'))).to.equal('admitted');
    const account = await Promise.all(
      [1, 2, 3, 4, 5].map(() => codeOf(g.admitIdentity('account:9', false, '192.0.2.2'))),
    );
    expect(account.filter((a) => a === 'admitted')).to.have.length(4);
    expect(g.dropped('192.0.2.1')).to.equal(false);
    await codeOf(g.admitIdentity('account:7', true, '192.0.2.1'));
    expect(g.dropped('192.0.2.1')).to.equal(true); // two refusals: the address is dropped before Engine.IO
  });
});
