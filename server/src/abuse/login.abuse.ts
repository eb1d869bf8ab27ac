import { expect } from 'chai';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ACCOUNT_SLOW_AFTER, ACCOUNT_SLOW_S, IP_LIMIT, PAIR_FREE_ATTEMPTS } from '../features/auth/login-limiter';
import { MAIL_PER_ADDRESS, MAIL_PER_IP, SIGNUP_PER_IP } from '../features/auth/mail-limiter';
import { PASSWORD, api, as, signIn, signUp, verify } from './sessions.testing';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RATE_LIMITED_TEXT = 'Too many attempts. Please try again later.';

/**
 * Issue 13 §6 and §7 (account side) from the attacker's and the victim's
 * side: failed logins slow the guesser — per account and IP, per IP, and per
 * account across addresses — without locking the owner out of their own
 * account; sign-up, reset requests and verification resends are limited per
 * IP and per address. Addresses are set with X-Forwarded-For (the server
 * trusts its loopback proxy, as behind a reverse proxy).
 */
describe('abuse: login back-off and the mail-sending limits (issue 13 §6, §7)', function () {
  this.timeout(60_000);
  let server: TestServer;
  const login = (email: string, password: string, ip: string) =>
    api(server, '/auth/login', { headers: { 'X-Forwarded-For': ip }, body: { email, password } });
  const statusOf = async (res: Promise<{ status: number }>) => (await res).status;

  before(async () => {
    // the test's requests come over loopback: that proxy may name the caller's address (X-Forwarded-For)
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
  });
  after(() => server?.close());

  it('backs a guesser off (429 with a doubling Retry-After) while the owner signs in from their own address', async () => {
    const owner = await signUp(server, 'owner@victim.example');
    await verify(server, owner);
    await signIn(server, owner.email, PASSWORD, '10.1.0.2'); // the owner's office: a known address
    const guess = (n: number) => login(owner.email, `guess-${n}`, '10.66.0.1');
    for (let n = 0; n < PAIR_FREE_ATTEMPTS; n += 1) expect(await statusOf(guess(n))).to.equal(401);
    const slowed = await guess(99);
    expect(slowed.status).to.equal(429);
    expect(slowed.json.error).to.deep.equal({
      code: 'LOGIN_LIMIT_REACHED',
      message: 'Limit reached. Please try again later.',
      retryAfterS: 1, // the wait is in the body too, as on the socket
    });
    expect(slowed.headers.get('retry-after')).to.equal('1');
    expect(await statusOf(login(owner.email, PASSWORD, '10.66.0.1')), 'even the right password waits').to.equal(429);
    // meanwhile the owner is not locked out
    expect(await statusOf(login(owner.email, PASSWORD, '10.1.0.2'))).to.equal(200);
    await pause(1100);
    expect(await statusOf(guess(6))).to.equal(401);
    const longer = await guess(7);
    expect(longer.status).to.equal(429);
    expect(longer.headers.get('retry-after'), 'the wait doubles').to.equal('2');
    expect(await statusOf(login(owner.email, PASSWORD, '10.1.0.2'))).to.equal(200);
  });

  it('lets 5 of 40 parallel guesses on one account through: every attempt is counted before the password check', async () => {
    const target = await signUp(server, 'parallel@victim.example');
    await verify(server, target);
    const started = Date.now();
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, n) => statusOf(login(target.email, `p-${n}`, '10.66.1.1'))),
    );
    // on a loaded machine the 40 can take longer than the first back-off (1 s, then 2 s …): one more
    // attempt may pass per back-off that ran out meanwhile, never the 40 a check after the password allows
    const extra = Math.floor((Date.now() - started) / 1000);
    const passed = all.filter((s) => s === 401).length;
    expect(passed).to.be.within(PAIR_FREE_ATTEMPTS, PAIR_FREE_ATTEMPTS + extra);
    expect(all.filter((s) => s === 429)).to.have.length(40 - passed);
  });

  it('slows a guesser with many addresses as a whole, never the owner from an address they signed in from', async () => {
    const owner = await signUp(server, 'popular@victim.example');
    await verify(server, owner);
    await signIn(server, owner.email, PASSWORD, '10.2.0.2');
    for (let n = 0; n < ACCOUNT_SLOW_AFTER.points; n += 1)
      expect(await statusOf(login(owner.email, 'botnet-guess', `10.67.${n}.1`))).to.equal(401);
    // past the account's budget, unknown addresses share one attempt per ACCOUNT_SLOW_S
    expect(await statusOf(login(owner.email, 'botnet-guess', '10.67.100.1'))).to.equal(401);
    const slowed = await login(owner.email, 'botnet-guess', '10.67.101.1');
    expect(slowed.status).to.equal(429);
    expect(Number(slowed.headers.get('retry-after'))).to.be.within(1, ACCOUNT_SLOW_S);
    // the owner at their known address: straight in; on a new network: a wait of at most ACCOUNT_SLOW_S, no lock-out
    expect(await statusOf(login(owner.email, PASSWORD, '10.2.0.2'))).to.equal(200);
    const roaming = await login(owner.email, PASSWORD, '10.3.0.9');
    expect(roaming.status).to.equal(429);
    expect(Number(roaming.headers.get('retry-after'))).to.be.at.most(ACCOUNT_SLOW_S);
  });

  it('stops one address stuffing credentials across accounts after 20 failures; other addresses are unaffected', async () => {
    for (let n = 0; n < IP_LIMIT.points; n += 1)
      expect(await statusOf(login(`stuffed-${n}@victim.example`, 'leaked-password', '10.68.0.1'))).to.equal(401);
    const blocked = await login('stuffed-99@victim.example', 'leaked-password', '10.68.0.1');
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, IP_LIMIT.duration);
    expect(await statusOf(login('stuffed-99@victim.example', 'leaked-password', '10.68.0.2'))).to.equal(401);
  });

  describe('sign-up, password reset and verification resend', () => {
    const signupFrom = (email: string, ip: string) =>
      api(server, '/auth/signup', {
        headers: { 'X-Forwarded-For': ip },
        body: { name: 'Probe', email, password: PASSWORD, passwordConfirmation: PASSWORD, agreeTerms: true },
      });
    const refusedAs = (res: { status: number; json: { error?: unknown }; headers: Headers }, maxS: number) => {
      expect(res.status).to.equal(429);
      const wait = Number(res.headers.get('retry-after'));
      expect(res.json.error).to.deep.equal({ code: 'RATE_LIMITED', message: RATE_LIMITED_TEXT, retryAfterS: wait });
      expect(wait).to.be.within(1, maxS);
    };

    it(`limits sign-ups to ${SIGNUP_PER_IP.points} an hour per address and ${MAIL_PER_ADDRESS.points} per e-mail, creating nothing beyond`, async () => {
      for (let n = 0; n < SIGNUP_PER_IP.points; n += 1)
        expect(await statusOf(signupFrom(`bulk-${n}@spam.example`, '10.69.0.1'))).to.equal(201);
      const users = await server.models.User.count();
      refusedAs(await signupFrom('bulk-extra@spam.example', '10.69.0.1'), SIGNUP_PER_IP.duration);
      expect(await server.models.User.count()).to.equal(users);
      // one address probed from many IPs ("already exists" answers) is limited too
      const probes = [];
      for (let n = 0; n < MAIL_PER_ADDRESS.points; n += 1)
        probes.push(await statusOf(signupFrom('probe@victim.example', `10.70.${n}.1`)));
      expect(probes).to.deep.equal([201, 409, 409, 409, 409]);
      refusedAs(await signupFrom('probe@victim.example', '10.70.99.1'), MAIL_PER_ADDRESS.duration);
    });

    it(`limits reset requests to ${MAIL_PER_ADDRESS.points} an hour per e-mail and ${MAIL_PER_IP.points} per IP`, async () => {
      const victim = await signUp(server, 'inbox@victim.example');
      const reset = (email: string, ip: string) =>
        api(server, '/passwords/reset', { headers: { 'X-Forwarded-For': ip }, body: { email } });
      for (let n = 0; n < MAIL_PER_ADDRESS.points; n += 1)
        expect(await statusOf(reset(victim.email, `10.71.${n}.1`))).to.equal(200);
      const live = await server.models.OneTimeToken.count({
        where: { userId: victim.userId, purpose: 'reset_password' },
      });
      refusedAs(await reset(victim.email, '10.71.99.1'), MAIL_PER_ADDRESS.duration);
      expect(
        await server.models.OneTimeToken.count({ where: { userId: victim.userId, purpose: 'reset_password' } }),
        'no link made, none voided',
      ).to.equal(live);
      for (let n = 0; n < MAIL_PER_IP.points; n += 1)
        expect(await statusOf(reset(`nobody-${n}@victim.example`, '10.72.0.1'))).to.equal(400);
      refusedAs(await reset(victim.email, '10.72.0.1'), MAIL_PER_IP.duration);
    });

    it(`limits verification resends to ${MAIL_PER_ADDRESS.points} an hour per account`, async () => {
      const fresh = await signUp(server, 'unconfirmed@victim.example');
      const resend = () => api(server, '/tokens/resend', as(fresh, { headers: { 'X-Forwarded-For': '10.73.0.1' } }));
      for (let n = 0; n < MAIL_PER_ADDRESS.points; n += 1) expect(await statusOf(resend())).to.equal(200);
      refusedAs(await resend(), MAIL_PER_ADDRESS.duration);
    });
  });
});
