import { expect } from 'chai';
import { describe, it } from 'mocha';
import { watchRevocation, logoutRequested } from '@tsudoi/ui/session';
import { authTestStore, settle, userDto } from './testing';

const stored = { accessToken: 'access-0', refreshToken: 'refresh-0' };

/** A socket as far as watchRevocation sees it: the server's events are fired by hand. */
function fakeSocket() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    serverSends(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
  return watchRevocation(socket as never) as unknown as typeof socket;
}

const changed = {
  reason: 'passwordChanged',
  message: 'You were signed out because your password was changed. Sign in with your new password.',
};

describe('revoked sessions (session:revoked on any socket of the page)', () => {
  it('ends the sign-in: the notice is kept, the tokens are forgotten, the same news twice is taken once', async () => {
    const { store, tokens } = authTestStore({ 'GET /auth/me': () => ({ data: userDto() }) }, stored);
    const chat = fakeSocket();
    const live = fakeSocket();
    await settle();
    expect(store.getState().auth.user?.id).to.equal(7);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().auth.notice?.reason ?? 'none'));
    chat.serverSends('session:revoked', changed);
    live.serverSends('session:revoked', changed);
    await settle();
    expect(store.getState().auth).to.include({ accessToken: null, user: null, sessionChecked: true });
    expect(store.getState().auth.notice).to.deep.equal(changed);
    expect(tokens.value).to.equal(null);
    expect(seen.filter((reason) => reason === 'passwordChanged').length, 'one notice, one reset').to.equal(2);
  });

  it('keeps the session when the team was taken away, and reads the account again', async () => {
    let me = userDto({ employmentCompanyId: 3, employeeRole: 'EMPLOYEE' });
    const { store, tokens, calls } = authTestStore({ 'GET /auth/me': () => ({ data: me }) }, stored);
    const socket = fakeSocket();
    await settle();
    me = userDto({ employmentCompanyId: null, employeeRole: null });
    const removed = { reason: 'removedFromTeam', message: 'You were removed from the team Acme.' };
    socket.serverSends('session:revoked', removed);
    await settle();
    expect(store.getState().auth.accessToken).to.equal('access-0');
    expect(tokens.value).to.deep.equal(stored);
    expect(store.getState().auth.notice).to.deep.equal(removed);
    expect(store.getState().auth.user).to.include({ employmentCompanyId: null, employeeRole: null });
    expect(calls.map((c) => `${c.method} ${c.path}`)).to.deep.equal(['GET /auth/me', 'GET /auth/me']);
  });

  it('takes no news from a sign-out asked for here, a session already gone, or a malformed event', async () => {
    const { store } = authTestStore(
      {
        'GET /auth/me': () => ({ data: userDto() }),
        'POST /auth/logout': () => new Promise(() => undefined), // still on its way
      },
      stored,
    );
    const socket = fakeSocket();
    await settle();
    socket.serverSends('session:revoked', { reason: 'notAReason', message: 'x' });
    socket.serverSends('session:revoked', null);
    await settle();
    expect(store.getState().auth).to.include({ accessToken: 'access-0', notice: null });
    store.dispatch(logoutRequested());
    socket.serverSends('session:revoked', { reason: 'signedOut', message: 'You were signed out.' });
    await settle();
    expect(store.getState().auth.notice, 'our own sign-out').to.equal(null);

    const signedOut = authTestStore({}).store;
    fakeSocket().serverSends('session:revoked', changed);
    await settle();
    expect(signedOut.getState().auth.notice, 'no session to end').to.equal(null);
  });
});
