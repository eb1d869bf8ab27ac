import { sessionSchema } from '@tsudoi/common';
import type { SessionTokens, TokenStore } from './token-store';

export interface SessionRefreshOptions {
  apiKey: string;
  fetch: typeof fetch;
  tokens: TokenStore;
  /** The new pair, for the store (the token store is already written). */
  onRefreshed(tokens: SessionTokens): void;
  baseUrl?: string;
}

/**
 * Trades the stored refresh token for a new pair (POST /auth/refresh, which
 * rotates it). Concurrent callers share one exchange: a refresh token works
 * once, so a second exchange would end the sign-in. Answers whether a new
 * access token is in place.
 */
export function createSessionRefresher(options: SessionRefreshOptions): () => Promise<boolean> {
  let inFlight: Promise<boolean> | null = null;

  async function exchange(): Promise<boolean> {
    const refreshToken = options.tokens.read()?.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await options.fetch(`${options.baseUrl ?? '/api'}/auth/refresh`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-api-key': options.apiKey },
        body: JSON.stringify({ refreshToken }),
      });
      if (!response.ok) return false;
      const session = sessionSchema.safeParse(await response.json());
      if (!session.success) return false;
      const tokens = { accessToken: session.data.token.accessToken, refreshToken: session.data.token.refreshToken };
      options.tokens.write(tokens);
      options.onRefreshed(tokens);
      return true;
    } catch {
      return false;
    }
  }

  return () => {
    inFlight ??= exchange().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
