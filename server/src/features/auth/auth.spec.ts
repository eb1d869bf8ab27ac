import { expect } from 'chai';
import { sessionSchema, userSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { call } from '../../testing/http';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp';

const PASSWORD = 'correct-horse-9';

describe(`accounts: sign-up, verification, sessions, password reset (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpSink;
  const api = (path: string, options: Parameters<typeof call>[2] = {}) => call(server.url, path, options);
  const users = () => server.models.User.count();

  async function signup(email: string, extra: Record<string, unknown> = {}) {
    return api('/api/auth/signup', {
      body: {
        name: 'Hanako Sato',
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        agreeTerms: true,
        ...extra,
      },
    });
  }
  const tokenFromLink = (link: string) => link.split('/').pop()!;

  before(async () => {
    smtp = await startSmtpSink();
    // the brute-force tests speak as several addresses through a trusted local proxy (X-Forwarded-For)
    server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  describe('sign-up', () => {
    it('refuses without agreeing to the terms, and creates nothing', async () => {
      const res = await signup('terms@example.jp', { agreeTerms: false });
      expect(res.status).to.equal(400);
      expect(res.json.error).to.deep.equal({ code: 'MUST_AGREE_TERMS', message: '利用規約に同意してください。' });
      expect(await users()).to.equal(0);
    });

    it('names each bad field in the caller language', async () => {
      const res = await api('/api/auth/signup', {
        lang: 'en',
        body: { name: '', email: 'nope', password: 'short', passwordConfirmation: 'other', agreeTerms: true },
      });
      expect(res.status).to.equal(400);
      expect(res.json.error!.code).to.equal('VALIDATION_FAILED');
      expect(res.json.error!.fields).to.include({
        email: 'Enter a valid email address',
        password: 'Use 8 to 128 characters',
      });
      expect(res.json.error!.fields).to.have.property('name');
      expect(await users()).to.equal(0);
    });

    it('creates the user, signs them in unverified and mails a verification link in their language', async () => {
      const res = await signup('Hanako@Example.jp', { locale: 'en' });
      expect(res.status).to.equal(201);
      const user = userSchema.parse(res.json.data);
      expect(user).to.include({ email: 'hanako@example.jp', verifiedAt: null, type: 'user', locale: 'en' });
      expect(res.json.token).to.have.property('accessToken');
      const mail = await smtp.next('hanako@example.jp', /Confirm your e-mail/);
      expect(linkIn(mail, '/token/verify/')).to.match(new RegExp(`^${server.url}/token/verify/[\\w-]{40,}$`));
    });

    it('answers 409 to all but one of the same e-mail signed up at the same moment', async () => {
      const answers = await Promise.all([1, 2, 3].map(() => signup('race@example.jp')));
      expect(answers.map((res) => res.status).sort()).to.deep.equal([201, 409, 409]);
      expect(await server.models.User.count({ where: { email: 'race@example.jp' } })).to.equal(1);
      await smtp.next('race@example.jp');
    });

    it('refuses an e-mail that already exists (any case) and changes nothing', async () => {
      const before = await users();
      const res = await signup('HANAKO@example.jp');
      expect(res.status).to.equal(409);
      expect(res.json.error!.code).to.equal('EMAIL_ALREADY_EXISTS');
      expect(await users()).to.equal(before);
    });
  });

  describe('e-mail verification', () => {
    it('verifies once through the mailed link; the link cannot be reused', async () => {
      await signup('verify@example.jp');
      const link = linkIn(await smtp.next('verify@example.jp'), '/token/verify/');
      const ok = await api('/api/tokens/verify', { body: { token: tokenFromLink(link) } });
      expect(ok.status).to.equal(200);
      expect(ok.json.message).to.equal('メールアドレスの確認が完了しました。');
      expect(userSchema.parse(ok.json.data).verifiedAt).to.be.a('string');
      const again = await api('/api/tokens/verify', { body: { token: tokenFromLink(link) } });
      expect(again.status).to.equal(400);
      expect(again.json.error!.code).to.equal('INVALID_AUTH_URL');
    });

    it('resend issues a new link and the previous one stops working', async () => {
      const res = await signup('resend@example.jp');
      const first = tokenFromLink(linkIn(await smtp.next('resend@example.jp'), '/token/verify/'));
      const auth = { Authorization: `Bearer ${(res.json.token as { accessToken: string }).accessToken}` };
      expect((await api('/api/tokens/resend', { headers: auth })).status).to.equal(200);
      const second = tokenFromLink(linkIn(await smtp.next('resend@example.jp'), '/token/verify/'));
      expect(second).to.not.equal(first);
      expect((await api('/api/tokens/verify', { body: { token: first } })).json.error!.code).to.equal(
        'INVALID_AUTH_URL',
      );
      expect((await api('/api/tokens/verify', { body: { token: second } })).status).to.equal(200);
    });

    it('refuses an expired link', async () => {
      await signup('expired@example.jp');
      const token = tokenFromLink(linkIn(await smtp.next('expired@example.jp'), '/token/verify/'));
      await server.models.OneTimeToken.update(
        { expiresAt: new Date(Date.now() - 1000) },
        { where: { purpose: 'verify_email', usedAt: null } },
      );
      const res = await api('/api/tokens/verify', { body: { token } });
      expect(res.json.error!.code).to.equal('INVALID_AUTH_URL');
      const user = await server.models.User.findOne({ where: { email: 'expired@example.jp' } });
      expect(user!.verifiedAt).to.equal(null);
    });
  });

  describe('sessions', () => {
    let session: ReturnType<typeof sessionSchema.parse>;
    before(async () => {
      await signup('session@example.jp');
      await smtp.next('session@example.jp');
    });

    it('refuses a wrong password with the access-denied message and no tokens', async () => {
      const res = await api('/api/auth/login', { body: { email: 'session@example.jp', password: 'wrong-password' } });
      expect(res.status).to.equal(401);
      expect(res.json.error!.code).to.equal('LOGIN_ACCESS_DENIED');
      expect(res.json).to.not.have.property('token');
      const unknown = await api('/api/auth/login', {
        body: { email: 'nobody@example.jp', password: 'wrong-password' },
      });
      expect(unknown.json.error).to.deep.equal(res.json.error);
    });

    it('signs in with e-mail and password: bearer access token of 86400 s and a refresh token', async () => {
      const res = await api('/api/auth/login', { body: { email: 'SESSION@example.jp', password: PASSWORD } });
      expect(res.status).to.equal(200);
      session = sessionSchema.parse(res.json);
      expect(session.token).to.include({ tokenType: 'Bearer', expiresIn: 86400 });
      const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${session.token.accessToken}` } });
      expect(me.status).to.equal(200);
      expect(userSchema.parse(me.json.data).email).to.equal('session@example.jp');
    });

    it('answers 401 without a token, with a forged one, and to a user token on the admin login', async () => {
      expect((await api('/api/auth/me')).status).to.equal(401);
      const forged = session.token.accessToken.slice(0, -4) + 'AAAA';
      expect((await api('/api/auth/me', { headers: { Authorization: `Bearer ${forged}` } })).status).to.equal(401);
      const admin = await api('/api/auth/login/admin', { body: { email: 'session@example.jp', password: PASSWORD } });
      expect(admin.status).to.equal(401);
    });

    it('rotates the refresh token; presenting a used one revokes the whole family', async () => {
      const first = await api('/api/auth/refresh', { body: { refreshToken: session.token.refreshToken } });
      expect(first.status).to.equal(200);
      const rotated = sessionSchema.parse(first.json);
      expect(rotated.token.refreshToken).to.not.equal(session.token.refreshToken);
      const replay = await api('/api/auth/refresh', { body: { refreshToken: session.token.refreshToken } });
      expect(replay.status).to.equal(401);
      const afterTheft = await api('/api/auth/refresh', { body: { refreshToken: rotated.token.refreshToken } });
      expect(afterTheft.status).to.equal(401);
      const stored = await server.models.RefreshToken.findAll();
      expect(stored.map((t) => t.tokenHash)).to.not.include(rotated.token.refreshToken);
      const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${rotated.token.accessToken}` } });
      expect(me.status, 'the access tokens of a stolen family die with it').to.equal(401);
    });

    it('keeps the access token of a rotated sign-in working', async () => {
      const fresh = sessionSchema.parse(
        (await api('/api/auth/login', { body: { email: 'session@example.jp', password: PASSWORD } })).json,
      );
      const next = sessionSchema.parse(
        (await api('/api/auth/refresh', { body: { refreshToken: fresh.token.refreshToken } })).json,
      );
      for (const accessToken of [fresh.token.accessToken, next.token.accessToken]) {
        const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
        expect(me.status).to.equal(200);
      }
    });

    it('logout revokes the refresh token and ends its access token', async () => {
      const fresh = sessionSchema.parse(
        (await api('/api/auth/login', { body: { email: 'session@example.jp', password: PASSWORD } })).json,
      );
      const out = await api('/api/auth/logout', {
        headers: { Authorization: `Bearer ${fresh.token.accessToken}` },
        body: { refreshToken: fresh.token.refreshToken },
      });
      expect(out.status).to.equal(200);
      expect((await api('/api/auth/refresh', { body: { refreshToken: fresh.token.refreshToken } })).status).to.equal(
        401,
      );
      const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${fresh.token.accessToken}` } });
      expect(me.status).to.equal(401);
    });

    it('ends a sign-in with its refresh token alone, without a usable access token', async () => {
      const fresh = sessionSchema.parse(
        (await api('/api/auth/login', { body: { email: 'session@example.jp', password: PASSWORD } })).json,
      );
      const out = await api('/api/auth/logout', { body: { refreshToken: fresh.token.refreshToken } });
      expect(out.status).to.equal(200);
      expect((await api('/api/auth/refresh', { body: { refreshToken: fresh.token.refreshToken } })).status).to.equal(
        401,
      );
      const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${fresh.token.accessToken}` } });
      expect(me.status).to.equal(401);
      expect((await api('/api/auth/logout', { body: {} })).status, 'nothing to end without either').to.equal(401);
    });
  });

  describe('password reset', () => {
    before(async () => {
      await signup('reset@example.jp', { locale: 'en' });
      await smtp.next('reset@example.jp');
    });

    it("answers an unknown address with 'Email does not exist'", async () => {
      const res = await api('/api/passwords/reset', { lang: 'en', body: { email: 'ghost@example.jp' } });
      expect(res.status).to.equal(400);
      expect(res.json.error!.message).to.equal('Email does not exist');
    });

    it('mails a single-use link; the new password works, the old does not, other sessions end', async () => {
      const old = sessionSchema.parse(
        (await api('/api/auth/login', { body: { email: 'reset@example.jp', password: PASSWORD } })).json,
      );
      expect((await api('/api/passwords/reset', { body: { email: 'reset@example.jp' } })).status).to.equal(200);
      const token = tokenFromLink(
        linkIn(await smtp.next('reset@example.jp', /Reset your password/), '/password/reset/'),
      );
      expect((await api('/api/passwords/verify', { body: { token } })).status).to.equal(200);
      const changed = await api('/api/passwords/new', {
        body: { token, password: 'new-password-42', passwordConfirmation: 'new-password-42' },
      });
      expect(changed.status).to.equal(200);
      const reuse = await api('/api/passwords/new', { body: { token, password: 'another-pass-43' } });
      expect(reuse.json.error!.code).to.equal('INVALID_RESET_TOKEN');
      expect((await api('/api/passwords/verify', { body: { token } })).json.error!.code).to.equal(
        'INVALID_RESET_TOKEN',
      );
      expect(
        (await api('/api/auth/login', { body: { email: 'reset@example.jp', password: PASSWORD } })).status,
      ).to.equal(401);
      expect(
        (await api('/api/auth/login', { body: { email: 'reset@example.jp', password: 'new-password-42' } })).status,
      ).to.equal(200);
      expect((await api('/api/auth/refresh', { body: { refreshToken: old.token.refreshToken } })).status).to.equal(401);
      const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${old.token.accessToken}` } });
      expect(me.status, 'a reset ends every earlier session').to.equal(401);
    });
  });

  describe('mail throttling', () => {
    it('sends at most 5 reset links per address an hour; the 6th request is 429 and voids nothing', async () => {
      await signup('flood@example.jp');
      await smtp.next('flood@example.jp');
      const reset = (email: string) => api('/api/passwords/reset', { lang: 'en', body: { email } });
      for (let i = 0; i < 5; i += 1) {
        expect((await reset('flood@example.jp')).status).to.equal(200);
        await smtp.next('flood@example.jp');
      }
      const refused = await reset('flood@example.jp');
      expect(refused.status).to.equal(429);
      expect(refused.json.error!.code).to.equal('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
      const live = await server.models.OneTimeToken.count({ where: { purpose: 'reset_password', usedAt: null } });
      expect(live, 'the last link sent still works').to.be.at.least(1);
      expect((await reset('ghost-flood@example.jp')).status).to.equal(400); // another address is not blocked
    });
  });

  describe('brute-force protection', () => {
    before(async () => {
      await signup('target@example.jp');
      await smtp.next('target@example.jp');
    });
    const attempt = (password: string, ip: string) =>
      api('/api/auth/login', { headers: { 'X-Forwarded-For': ip }, body: { email: 'target@example.jp', password } });

    it('blocks an IP after 20 failures on any accounts with 429 and Retry-After, even with the right password', async () => {
      // five accounts, four failures each: within each account's free attempts, so only the IP's count adds up
      for (let i = 0; i < 20; i += 1) {
        const res = await api('/api/auth/login', {
          headers: { 'X-Forwarded-For': '10.9.0.1' },
          body: { email: `stuffed-${i % 5}@example.jp`, password: 'wrong-password' },
        });
        expect(res.status).to.equal(401);
      }
      const blocked = await attempt(PASSWORD, '10.9.0.1');
      expect(blocked.status).to.equal(429);
      expect(blocked.json.error!.code).to.equal('LOGIN_LIMIT_REACHED');
      expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 900);
      expect((await attempt(PASSWORD, '10.9.0.2')).status).to.equal(200);
    });

    it('backs off one account from one IP after 5 attempts, and a success from there ends the back-off', async () => {
      for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-password', '10.8.0.1')).status).to.equal(401);
      const waiting = await attempt(PASSWORD, '10.8.0.1');
      expect(waiting.status).to.equal(429);
      expect(waiting.json.error!.code).to.equal('LOGIN_LIMIT_REACHED');
      expect(waiting.headers.get('retry-after')).to.equal('1');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt(PASSWORD, '10.8.0.1')).status).to.equal(200);
      for (let i = 0; i < 4; i += 1) expect((await attempt('wrong-password', '10.8.0.1')).status).to.equal(401);
    });

    it('counts parallel attempts before checking the password: 40 at once on one account, 5 get through', async () => {
      await signup('parallel@example.jp');
      const wrong = () =>
        api('/api/auth/login', {
          headers: { 'X-Forwarded-For': '10.6.0.1' },
          body: { email: 'parallel@example.jp', password: 'wrong-password' },
        });
      const started = Date.now();
      const statuses = (await Promise.all(Array.from({ length: 40 }, wrong))).map((res) => res.status);
      // one more may pass per back-off (1 s, 2 s …) that ran out while a loaded machine answered the 40
      const passed = statuses.filter((status) => status === 401).length;
      expect(passed).to.be.within(5, 5 + Math.floor((Date.now() - started) / 1000));
      expect(statuses.filter((status) => status === 429)).to.have.length(40 - passed);
    });

    it('does not count successful logins against the IP', async () => {
      await signup('regular@example.jp');
      for (let i = 0; i < 25; i += 1) {
        const res = await api('/api/auth/login', {
          headers: { 'X-Forwarded-For': '10.5.0.1' },
          body: { email: 'regular@example.jp', password: PASSWORD },
        });
        expect(res.status).to.equal(200);
      }
    });
  });
});
