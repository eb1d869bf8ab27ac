import { expect } from 'chai';
import { describe, it } from 'mocha';
import { MESSAGES } from '@tsudoi/common';
import { ApiError } from '@tsudoi/ui/api';
import { loginRequested, logoutRequested } from '@tsudoi/ui/session';
import { authTestStore, settle, tokenPair, userDto } from './testing';

const stored = { accessToken: 'access-0', refreshToken: 'refresh-0' };

describe('auth sagas', () => {
  it('loads /auth/me at start when a token was stored', async () => {
    const { store, calls } = authTestStore({ 'GET /auth/me': () => ({ data: userDto() }) }, stored);
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path}`)).to.deep.equal(['GET /auth/me']);
    expect(store.getState().auth.user?.id).to.equal(7);
    expect(store.getState().auth.sessionChecked).to.equal(true);
  });

  it('calls nothing at start without a stored token', async () => {
    const { store, calls } = authTestStore({});
    await settle();
    expect(calls).to.deep.equal([]);
    expect(store.getState().auth.sessionChecked).to.equal(true);
  });

  it('resets the session and clears the stored tokens when /auth/me answers 401', async () => {
    const { store, tokens } = authTestStore(
      {
        'GET /auth/me': () => {
          throw new ApiError('Unauthorized', 401, 'UNAUTHORIZED');
        },
      },
      stored,
    );
    await settle();
    expect(store.getState().auth).to.include({ accessToken: null, user: null, sessionChecked: true });
    expect(tokens.value).to.equal(null);
  });

  it('keeps the session but reports a connection failure of /auth/me', async () => {
    const { store, tokens } = authTestStore(
      {
        'GET /auth/me': () => {
          throw new ApiError('Cannot connect to the server', 0, 'CONNECTION_FAILED');
        },
      },
      stored,
    );
    await settle();
    expect(store.getState().auth).to.include({ accessToken: 'access-0', sessionError: 'Cannot connect to the server' });
    expect(tokens.value).to.deep.equal(stored);
  });

  it('rejects an /auth/me answer that does not match the schema', async () => {
    const { store } = authTestStore({ 'GET /auth/me': () => ({ data: { id: 'x' } }) }, stored);
    await settle();
    expect(store.getState().auth.user).to.equal(null);
    expect(store.getState().auth.sessionError).to.equal(MESSAGES.en['errors.SOMETHING_WENT_WRONG']);
  });

  it('stores the tokens after a login, then loads /auth/me', async () => {
    const { store, tokens, calls } = authTestStore({
      'POST /auth/login': () => ({ user: userDto(), token: tokenPair(1), message: 'Signed in.' }),
      'GET /auth/me': () => ({ data: userDto({ name: 'From me' }) }),
    });
    store.dispatch(loginRequested({ email: 'taro@example.com', password: 'secret-pass' }));
    await settle();
    expect(calls.map((c) => c.path)).to.deep.equal(['/auth/login', '/auth/me']);
    expect(tokens.value).to.deep.include({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(store.getState().auth.user?.name).to.equal('From me');
    expect(store.getState().notifications.map((n) => n.message)).to.deep.equal(['Signed in.']);
  });

  it('shows a failed login as an error toast and stays signed out', async () => {
    const { store } = authTestStore({
      'POST /auth/login': () => {
        throw new ApiError('Access denied', 401, 'LOGIN_ACCESS_DENIED');
      },
    });
    store.dispatch(loginRequested({ email: 'taro@example.com', password: 'wrong' }));
    await settle();
    expect(store.getState().auth).to.include({ status: 'idle', accessToken: null });
    expect(store.getState().notifications).to.have.length(1);
    expect(store.getState().notifications[0]).to.include({ kind: 'error', message: 'Access denied' });
  });

  it('revokes the refresh token on logout, then resets the session', async () => {
    const { store, tokens, calls } = authTestStore(
      {
        'GET /auth/me': () => ({ data: userDto() }),
        'POST /auth/logout': () => ({ data: null, message: 'Signed out.' }),
      },
      stored,
    );
    await settle();
    store.dispatch(logoutRequested());
    await settle();
    expect(calls[1]).to.deep.equal({ method: 'POST', path: '/auth/logout', body: { refreshToken: 'refresh-0' } });
    expect(store.getState().auth).to.include({ accessToken: null, user: null });
    expect(tokens.value).to.equal(null);
    expect(store.getState().notifications.at(-1)).to.include({ kind: 'success', message: 'Signed out.' });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    const { store, tokens } = authTestStore(
      {
        'GET /auth/me': () => ({ data: userDto() }),
        'POST /auth/logout': () => {
          throw new ApiError('Cannot connect', 0);
        },
      },
      stored,
    );
    await settle();
    store.dispatch(logoutRequested());
    await settle();
    expect(store.getState().auth.accessToken).to.equal(null);
    expect(tokens.value).to.equal(null);
  });
});
