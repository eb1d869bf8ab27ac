import { expect } from 'chai';
import { describe, it } from 'mocha';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authInitialState, authReducer } from '@tsudoi/ui/session';
import { settle, userDto } from '../auth/testing';
import { watchProfileUpdates } from '../../services/profile-updates';
import { profileUpdatesSaga } from './profile-updates-saga';

/** A socket as far as watchProfileUpdates sees it: the server's events are fired by hand. */
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
  return watchProfileUpdates(socket as never) as unknown as typeof socket;
}

function signedInStore() {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer }),
    preloadedState: { auth: { ...authInitialState({ accessToken: 'a', refreshToken: 'r' }), user: userDto() } },
    middleware: (defaults) => defaults({ thunk: false }).concat(sagas),
  });
  const task = sagas.run(profileUpdatesSaga);
  return { store, stop: () => task.cancel() };
}

describe('profile:updated on the page sockets (another tab changed the profile)', () => {
  it('updates the signed-in user with the new name and picture at once', async () => {
    const { store, stop } = signedInStore();
    const socket = fakeSocket();
    socket.serverSends('profile:updated', userDto({ name: 'Hanako Sato', avatarImageUrl: '/files/a.png' }));
    await settle();
    expect(store.getState().auth.user).to.include({ id: 7, name: 'Hanako Sato', avatarImageUrl: '/files/a.png' });
    stop();
  });

  it("ignores another account's profile and a payload that is not a profile", async () => {
    const { store, stop } = signedInStore();
    const socket = fakeSocket();
    socket.serverSends('profile:updated', userDto({ id: 8, name: 'Someone Else' }));
    socket.serverSends('profile:updated', { id: 7, name: 'Broken' });
    await settle();
    expect(store.getState().auth.user).to.include({ id: 7, name: 'Taro Yamada' });
    stop();
  });

  it('keeps the stored user as it is when the profile sent on a (re)connect is the same', async () => {
    const { store, stop } = signedInStore();
    const socket = fakeSocket();
    const before = store.getState().auth.user;
    socket.serverSends('profile:updated', userDto());
    await settle();
    expect(store.getState().auth.user).to.equal(before);
    socket.serverSends('profile:updated', userDto({ name: 'Changed While Away' }));
    await settle();
    expect(store.getState().auth.user).to.include({ id: 7, name: 'Changed While Away' });
    stop();
  });
});
