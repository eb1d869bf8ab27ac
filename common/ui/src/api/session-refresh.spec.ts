import { expect } from 'chai';
import { describe, it } from 'mocha';
import { createSessionRefresher } from './session-refresh';
import { createTokenStore, type SessionTokens } from './token-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const session = (accessToken: string, refreshToken: string) => ({
  user: {
    id: 1,
    name: 'Hanako',
    email: 'hanako@example.jp',
    type: 'user',
    status: 'active',
    verifiedAt: '2026-11-01T00:00:00.000Z',
    avatarImageUrl: null,
    avatarColor: '#4f46e5',
    companyId: null,
    employmentCompanyId: null,
    employeeRole: null,
    country: null,
    locale: 'ja',
    referralCode: null,
    skipHostGuide: false,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  token: { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: 86400 },
});

describe('createSessionRefresher', () => {
  function setup(answer: () => Promise<Response>) {
    const tokens = createTokenStore(memoryStorage(), 'tsudoi:session');
    tokens.write({ accessToken: 'old-access', refreshToken: 'old-refresh' });
    const sent: unknown[] = [];
    const refreshed: SessionTokens[] = [];
    const refresh = createSessionRefresher({
      apiKey: 'key-1',
      tokens,
      onRefreshed: (t) => refreshed.push(t),
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer();
      },
    });
    return { tokens, sent, refreshed, refresh };
  }

  it('exchanges the stored refresh token once for concurrent callers and keeps the new pair', async () => {
    const { tokens, sent, refreshed, refresh } = setup(
      async () => new Response(JSON.stringify(session('new-access', 'new-refresh')), { status: 200 }),
    );
    expect(await Promise.all([refresh(), refresh(), refresh()])).to.deep.equal([true, true, true]);
    expect(sent).to.deep.equal([{ refreshToken: 'old-refresh' }]);
    expect(tokens.read()).to.deep.equal({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    expect(refreshed).to.deep.equal([{ accessToken: 'new-access', refreshToken: 'new-refresh' }]);
  });

  it('answers false and keeps the tokens when the server refuses or cannot be reached', async () => {
    const refused = setup(async () => new Response('{"error":{"code":"UNAUTHORIZED"}}', { status: 401 }));
    expect(await refused.refresh()).to.equal(false);
    expect(refused.tokens.read()).to.deep.equal({ accessToken: 'old-access', refreshToken: 'old-refresh' });
    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.refresh()).to.equal(false);
    expect(offline.refreshed).to.deep.equal([]);
  });
});
