import { expect } from 'chai';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A real OAuth 2.0 / OpenID provider on loopback (oauth2-mock-server): the
 * passport strategies talk HTTP to its /authorize, /token and /userinfo.
 */
export async function startOAuthProvider() {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const url = provider.issuer.url!;
  return {
    url,
    service: provider.service,
    /** Env for a Tsudoi server whose Google and Facebook both point here. */
    env: {
      GOOGLE_CLIENT_ID: 'tsudoi-google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
      FACEBOOK_APP_ID: 'tsudoi-facebook-app',
      FACEBOOK_APP_SECRET: 'facebook-secret',
      FACEBOOK_AUTHORIZATION_URL: `${url}/authorize`,
      FACEBOOK_TOKEN_URL: `${url}/token`,
      FACEBOOK_PROFILE_URL: `${url}/userinfo`,
    },
    stop: () => provider.stop(),
  };
}
export type OAuthProvider = Awaited<ReturnType<typeof startOAuthProvider>>;

/**
 * A minimal browser: plain fetch with manual redirects and a cookie jar for
 * the Tsudoi origin (the provider sets none), honouring cookie deletion.
 */
export class TestBrowser {
  readonly cookies = new Map<string, { value: string; path: string; attributes: string }>();
  constructor(private readonly origin: string) {}

  async get(url: string): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    if (target.origin === this.origin) {
      const sent = [...this.cookies].filter(([, c]) => target.pathname.startsWith(c.path));
      if (sent.length) headers.cookie = sent.map(([name, c]) => `${name}=${c.value}`).join('; ');
    }
    const res = await fetch(url, { redirect: 'manual', headers });
    if (target.origin === this.origin) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';').map((part) => part.trim());
        const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
        const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
        const expires = attributes.find((a) => /^expires=/i.test(a))?.slice(8);
        if (!value || (expires && Date.parse(expires) <= Date.now())) this.cookies.delete(name);
        else this.cookies.set(name, { value, path, attributes: attributes.join('; ') });
      }
    }
    return res;
  }

  /** GET that must answer a redirect; returns its Location. */
  async redirectFrom(url: string): Promise<URL> {
    const res = await this.get(url);
    expect(res.status, `redirect expected from ${url}`).to.equal(302);
    return new URL(res.headers.get('location')!, url);
  }
}

/**
 * Follows a whole sign-in: Tsudoi start route → provider /authorize (which
 * redirects back with code and state) → Tsudoi callback. `tamper` may change
 * the callback URL before the browser follows it. Returns where the callback
 * sent the browser.
 */
export async function signInThrough(
  browser: TestBrowser,
  serverUrl: string,
  provider: 'google' | 'facebook',
  tamper: (callback: URL) => void = () => undefined,
): Promise<URL> {
  const authorize = await browser.redirectFrom(`${serverUrl}/api/auth/${provider}`);
  const callback = await browser.redirectFrom(authorize.toString());
  expect(callback.origin + callback.pathname).to.equal(`${serverUrl}/api/auth/${provider}/callback`);
  tamper(callback);
  return browser.redirectFrom(callback.toString());
}
