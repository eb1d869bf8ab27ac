/** The tokens of a signed-in session (spec §7.2: accessToken and refreshToken). */
export interface SessionTokens {
  accessToken: string;
  refreshToken?: string;
}

/** Where a session's tokens persist between visits; cleared on sign-out and on any 401. */
export interface TokenStore {
  read(): SessionTokens | null;
  write(tokens: SessionTokens): void;
  clear(): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function isSessionTokens(value: unknown): value is SessionTokens {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken } = value as Record<string, unknown>;
  return (
    typeof accessToken === 'string' &&
    accessToken.length > 0 &&
    (refreshToken === undefined || typeof refreshToken === 'string')
  );
}

/** A token store over localStorage (or any Storage) under one key; the user and admin UIs use different keys. */
export function createTokenStore(storage: KeyValueStorage, key: string): TokenStore {
  return {
    read() {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
        return isSessionTokens(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    write(tokens) {
      storage.setItem(key, JSON.stringify(tokens));
    },
    clear() {
      storage.removeItem(key);
    },
  };
}
