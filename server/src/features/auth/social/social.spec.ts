import { expect } from 'chai';
import { sessionSchema, userSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { call } from '../../../testing/http';
import { hashPassword } from '../password';
import { signInThrough, startOAuthProvider, TestBrowser, type OAuthProvider } from './social.testing';

describe(`social sign-in with Google and Facebook against a real OAuth 2.0 provider (${testDialect()})`, function () {
  this.timeout(60_000);
  let provider: OAuthProvider;
  let server: TestServer;
  const api = (path: string, options: Parameters<typeof call>[2] = {}) => call(server.url, path, options);
  const browser = () => new TestBrowser(server.url);

  /** The next userinfo answer, in Google's OpenID shape or Facebook's Graph shape. */
  const nextProfile = (body: Record<string, unknown>) => {
    const seen: { authorization?: string; url?: string } = {};
    provider.service.once('beforeUserinfo', (res, req) => {
      res.body = body;
      seen.authorization = req.headers.authorization;
      seen.url = req.url;
    });
    return seen;
  };
  const ticketOf = (url: URL) => url.searchParams.get('ticket')!;
  const login = (p: 'google' | 'facebook', ticket: string, headers: Record<string, string> = {}) =>
    api(`/api/auth/login/${p}`, { body: { ticket }, headers });

  before(async () => {
    provider = await startOAuthProvider();
    // one test speaks as another address through a trusted local proxy (X-Forwarded-For)
    server = await startTestServer({ ...provider.env, TRUST_PROXY: 'loopback' });
  });
  afterEach(() => provider.service.removeAllListeners());
  after(async () => {
    await server?.close();
    await provider?.stop();
  });

  describe('Google', () => {
    it('starts without an API key: redirects to the provider with state, PKCE and a signed Lax cookie', async () => {
      const b = browser();
      const authorize = await b.redirectFrom(`${server.url}/api/auth/google`);
      expect(authorize.origin + authorize.pathname).to.equal(`${provider.url}/authorize`);
      const q = authorize.searchParams;
      expect(q.get('client_id')).to.equal('tsudoi-google-client');
      expect(q.get('redirect_uri')).to.equal(`${server.url}/api/auth/google/callback`);
      expect(q.get('response_type')).to.equal('code');
      expect(q.get('scope')).to.equal('openid email profile');
      expect(q.get('code_challenge_method')).to.equal('S256');
      expect(q.get('state')).to.match(/^[\w-]{32}$/);
      const cookie = b.cookies.get('tsudoi_oauth_google')!;
      expect(cookie.path).to.equal('/api/auth/google');
      expect(cookie.attributes)
        .to.match(/HttpOnly/i)
        .and.match(/SameSite=Lax/i);
      expect(decodeURIComponent(cookie.value)).to.match(/^s:j:/);
      expect(decodeURIComponent(cookie.value)).to.not.contain(q.get('code_challenge')!);
    });

    it('round trip: a new e-mail creates a verified user without a password; the ticket gives the session', async () => {
      const seen = nextProfile({ sub: 'g-1001', email: 'Kumiko@Example.jp', email_verified: true, name: 'Kumiko Ito' });
      const landed = await signInThrough(browser(), server.url, 'google');
      expect(landed.origin + landed.pathname).to.equal(`${server.url}/social/google`);
      expect([...landed.searchParams.keys()]).to.deep.equal(['ticket']);
      expect(seen.authorization).to.match(/^Bearer \S+/);
      expect(seen.url).to.not.contain('access_token');

      const res = await login('google', ticketOf(landed));
      expect(res.status).to.equal(200);
      const session = sessionSchema.parse(res.json);
      expect(session.user).to.include({ email: 'kumiko@example.jp', name: 'Kumiko Ito', type: 'user' });
      expect(session.user.verifiedAt).to.be.a('string');
      expect(session.token).to.include({ tokenType: 'Bearer', expiresIn: 86400 });
      const stored = await server.models.User.findOne({ where: { email: 'kumiko@example.jp' } });
      expect(stored).to.include({ googleId: 'g-1001', passwordHash: null, facebookId: null });

      const me = await api('/api/auth/me', { headers: { Authorization: `Bearer ${session.token.accessToken}` } });
      expect(userSchema.parse(me.json.data).id).to.equal(session.user.id);
      const refreshed = await api('/api/auth/refresh', { body: { refreshToken: session.token.refreshToken } });
      expect(refreshed.status).to.equal(200);
    });

    it('a ticket works once; used, expired and unknown tickets are 401 LOGIN_ACCESS_DENIED', async () => {
      nextProfile({ sub: 'g-1002', email: 'once@example.jp', email_verified: true, name: 'Once' });
      const ticket = ticketOf(await signInThrough(browser(), server.url, 'google'));
      expect((await login('google', ticket)).status).to.equal(200);
      const reused = await login('google', ticket, { 'Accept-Language': 'en' });
      expect(reused.status).to.equal(401);
      expect(reused.json.error!.code).to.equal('LOGIN_ACCESS_DENIED');
      expect(reused.json).to.not.have.property('token');

      nextProfile({ sub: 'g-1002', email: 'once@example.jp', email_verified: true, name: 'Once' });
      const late = ticketOf(await signInThrough(browser(), server.url, 'google'));
      await server.models.OneTimeToken.update(
        { expiresAt: new Date(Date.now() - 1000) },
        { where: { purpose: 'social_ticket', usedAt: null } },
      );
      expect((await login('google', late)).json.error!.code).to.equal('LOGIN_ACCESS_DENIED');
      expect((await login('google', 'x'.repeat(43))).json.error!.code).to.equal('LOGIN_ACCESS_DENIED');
    });

    it('finds the user by Google id on the next sign-in, even after the e-mail changed at Google', async () => {
      nextProfile({ sub: 'g-1003', email: 'first@example.jp', email_verified: true, name: 'Same Person' });
      const first = sessionSchema.parse(
        (await login('google', ticketOf(await signInThrough(browser(), server.url, 'google')))).json,
      );
      nextProfile({ sub: 'g-1003', email: 'renamed@example.jp', email_verified: true, name: 'Same Person' });
      const second = sessionSchema.parse(
        (await login('google', ticketOf(await signInThrough(browser(), server.url, 'google')))).json,
      );
      expect(second.user.id).to.equal(first.user.id);
      expect(second.user.email).to.equal('first@example.jp');
    });

    it('links an existing password account with the same e-mail (same id; the password still works)', async () => {
      const signup = await api('/api/auth/signup', {
        body: {
          name: 'Taro',
          email: 'taro@example.jp',
          password: 'taro-pass-1',
          passwordConfirmation: 'taro-pass-1',
          agreeTerms: true,
        },
      });
      const id = (signup.json.data as { id: number }).id;
      await server.models.User.update({ verifiedAt: new Date() }, { where: { id } });
      nextProfile({ sub: 'g-1004', email: 'TARO@example.jp', email_verified: true, name: 'Taro at Google' });
      const session = sessionSchema.parse(
        (await login('google', ticketOf(await signInThrough(browser(), server.url, 'google')))).json,
      );
      expect(session.user.id).to.equal(id);
      expect(session.user.name).to.equal('Taro');
      expect((await server.models.User.findByPk(id))!.googleId).to.equal('g-1004');
      const password = await api('/api/auth/login', { body: { email: 'taro@example.jp', password: 'taro-pass-1' } });
      expect(password.status).to.equal(200);
    });

    it('linking an unverified account verifies it and drops the password its creator never proved', async () => {
      await server.models.User.create({
        name: 'Squatter',
        email: 'victim@example.jp',
        passwordHash: await hashPassword('squatter-pass'),
        verifiedAt: null,
      });
      nextProfile({ sub: 'g-1005', email: 'victim@example.jp', email_verified: true, name: 'Victim' });
      const session = sessionSchema.parse(
        (await login('google', ticketOf(await signInThrough(browser(), server.url, 'google')))).json,
      );
      expect(session.user.verifiedAt).to.be.a('string');
      const squatter = await api('/api/auth/login', {
        body: { email: 'victim@example.jp', password: 'squatter-pass' },
      });
      expect(squatter.status).to.equal(401);
    });

    it('refuses a tampered state, a missing state cookie and a forged cookie: no ticket, no user', async () => {
      const before = await server.models.User.count();
      const tickets = await server.models.OneTimeToken.count({ where: { purpose: 'social_ticket' } });
      const refusedTo = `${server.url}/login?socialError=LOGIN_ACCESS_DENIED`;
      const tampered = await signInThrough(browser(), server.url, 'google', (cb) =>
        cb.searchParams.set('state', `${cb.searchParams.get('state')!.slice(0, -2)}xx`),
      );
      expect(tampered.toString()).to.equal(refusedTo);

      const noCookie = browser();
      const authorize = await noCookie.redirectFrom(`${server.url}/api/auth/google`);
      const callback = await noCookie.redirectFrom(authorize.toString());
      noCookie.cookies.clear();
      expect((await noCookie.redirectFrom(callback.toString())).toString()).to.equal(refusedTo);

      const forged = browser();
      const forgedCallback = await forged.redirectFrom(
        (await forged.redirectFrom(`${server.url}/api/auth/google`)).toString(),
      );
      const cookie = forged.cookies.get('tsudoi_oauth_google')!;
      forged.cookies.set('tsudoi_oauth_google', { ...cookie, value: cookie.value.replace(/.{4}$/, 'AAAA') });
      expect((await forged.redirectFrom(forgedCallback.toString())).toString()).to.equal(refusedTo);

      expect(await server.models.User.count()).to.equal(before);
      expect(await server.models.OneTimeToken.count({ where: { purpose: 'social_ticket' } })).to.equal(tickets);
    });

    it('the state cookie works once: replaying the same callback is refused', async () => {
      nextProfile({ sub: 'g-1006', email: 'replay@example.jp', email_verified: true, name: 'Replay' });
      const b = browser();
      const callback = await b.redirectFrom((await b.redirectFrom(`${server.url}/api/auth/google`)).toString());
      expect((await b.redirectFrom(callback.toString())).pathname).to.equal('/social/google');
      expect((await b.redirectFrom(callback.toString())).searchParams.get('socialError')).to.equal(
        'LOGIN_ACCESS_DENIED',
      );
    });

    it('denied consent at the provider redirects to /login with LOGIN_ACCESS_DENIED', async () => {
      provider.service.once('beforeAuthorizeRedirect', ({ url }) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      });
      const landed = await signInThrough(browser(), server.url, 'google');
      expect(landed.toString()).to.equal(`${server.url}/login?socialError=LOGIN_ACCESS_DENIED`);
    });

    it('a failing token exchange redirects with LOGIN_UNKNOWN_ERROR', async () => {
      provider.service.once('beforeResponse', (res) => {
        res.statusCode = 400;
        res.body = { error: 'invalid_grant' };
      });
      const landed = await signInThrough(browser(), server.url, 'google');
      expect(landed.toString()).to.equal(`${server.url}/login?socialError=LOGIN_UNKNOWN_ERROR`);
    });

    it('a failure on our side (e.g. the database) redirects with LOGIN_UNKNOWN_ERROR', async () => {
      const accounts = server.features.social;
      const resolve = accounts.resolve.bind(accounts);
      accounts.resolve = () => Promise.reject(new Error('database is down'));
      try {
        nextProfile({ sub: 'g-1009', email: 'down@example.jp', email_verified: true, name: 'Down' });
        const landed = await signInThrough(browser(), server.url, 'google');
        expect(landed.toString()).to.equal(`${server.url}/login?socialError=LOGIN_UNKNOWN_ERROR`);
      } finally {
        accounts.resolve = resolve;
      }
    });

    it("refuses an unverified Google e-mail, a platform admin's e-mail and a deleted account's e-mail", async () => {
      const before = await server.models.User.count();
      nextProfile({ sub: 'g-1007', email: 'unverified@example.jp', email_verified: false, name: 'Unverified' });
      const unverified = await signInThrough(browser(), server.url, 'google');
      expect(unverified.searchParams.get('socialError')).to.equal('LOGIN_ACCESS_DENIED');

      const admin = await server.models.User.create({
        name: 'Ops',
        email: 'ops@example.jp',
        passwordHash: await hashPassword('ops-password'),
        type: 'admin',
        verifiedAt: new Date(),
      });
      nextProfile({ sub: 'g-1008', email: 'ops@example.jp', email_verified: true, name: 'Ops' });
      const refused = await signInThrough(browser(), server.url, 'google');
      expect(refused.searchParams.get('socialError')).to.equal('LOGIN_ACCESS_DENIED');
      expect((await server.models.User.findByPk(admin.id))!.googleId).to.equal(null);

      const gone = await server.models.User.create({
        name: 'Gone',
        email: 'gone@example.jp',
        passwordHash: null,
        verifiedAt: new Date(),
      });
      await gone.destroy();
      nextProfile({ sub: 'g-1010', email: 'gone@example.jp', email_verified: true, name: 'Gone' });
      expect((await signInThrough(browser(), server.url, 'google')).searchParams.get('socialError')).to.equal(
        'LOGIN_ACCESS_DENIED',
      );
      expect(await server.models.User.count()).to.equal(before + 1);
    });
  });

  describe('Facebook', () => {
    it('round trip with the Graph API shape (id, name, email): answers user and token {accessToken, refreshToken}', async () => {
      const seen = nextProfile({ id: '10220001', name: '鈴木 花子', email: 'hanako.fb@example.jp' });
      const landed = await signInThrough(browser(), server.url, 'facebook');
      expect(landed.origin + landed.pathname).to.equal(`${server.url}/social/facebook`);
      const profileUrl = new URL(seen.url!, provider.url);
      expect(profileUrl.searchParams.get('fields')).to.equal('id,name,email');
      expect(profileUrl.searchParams.get('appsecret_proof')).to.match(/^[0-9a-f]{64}$/);

      const res = await login('facebook', ticketOf(landed));
      expect(res.status).to.equal(200);
      const session = sessionSchema.parse(res.json);
      expect(session.token.accessToken).to.be.a('string');
      expect(session.token.refreshToken).to.be.a('string');
      expect(session.user).to.include({ email: 'hanako.fb@example.jp', name: '鈴木 花子' });
      expect((await server.models.User.findByPk(session.user.id))!.facebookId).to.equal('10220001');
    });

    it('links Facebook to the account Google created for the same e-mail', async () => {
      nextProfile({ id: '10220002', name: 'Kumiko', email: 'kumiko@example.jp' });
      const session = sessionSchema.parse(
        (await login('facebook', ticketOf(await signInThrough(browser(), server.url, 'facebook')))).json,
      );
      const user = await server.models.User.findByPk(session.user.id);
      expect(user).to.include({ googleId: 'g-1001', facebookId: '10220002' });
    });

    it('a provider failure redirects with LOGIN_FACEBOOK_PROBLEM; no e-mail permission with LOGIN_ACCESS_DENIED', async () => {
      provider.service.once('beforeUserinfo', (res) => {
        res.statusCode = 400;
        res.body = { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } };
      });
      const failed = await signInThrough(browser(), server.url, 'facebook');
      expect(failed.toString()).to.equal(`${server.url}/login?socialError=LOGIN_FACEBOOK_PROBLEM`);

      nextProfile({ id: '10220003', name: 'No Mail' });
      const noMail = await signInThrough(browser(), server.url, 'facebook');
      expect(noMail.searchParams.get('socialError')).to.equal('LOGIN_ACCESS_DENIED');
    });
  });

  it('blocks an IP after 20 bad tickets with 429 LOGIN_LIMIT_REACHED', async () => {
    const from = { 'X-Forwarded-For': '10.20.0.1' };
    for (let i = 0; i < 20; i += 1)
      expect((await login('google', `bad-ticket-${'x'.repeat(20)}-${i}`, from)).status).to.equal(401);
    const blocked = await login('facebook', 'y'.repeat(43), from);
    expect(blocked.status).to.equal(429);
    expect(blocked.json.error!.code).to.equal('LOGIN_LIMIT_REACHED');
  });
});

describe(`social sign-in without provider credentials (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ FACEBOOK_APP_ID: '', FACEBOOK_APP_SECRET: '' });
  });
  after(() => server?.close());

  it('answers 404 NOT_FOUND on the routes of a disabled provider, and leaves other /api routes alone', async () => {
    for (const path of ['/api/auth/google', '/api/auth/facebook/callback?code=x&state=y']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { 'Accept-Language': 'en' } });
      expect(res.status, path).to.equal(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('NOT_FOUND');
    }
    const post = await call(server.url, '/api/auth/login/google', { body: { ticket: 'x'.repeat(43) } });
    expect(post.status).to.equal(404);
    expect((await call(server.url, '/api/auth/me', { apiKey: null })).json.error!.code).to.equal('INVALID_API_KEY');
  });
});
