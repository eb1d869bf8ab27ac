import { expect } from 'chai';
import { describe, it } from 'mocha';
import {
  authInitialState,
  authReducer,
  loginSucceeded,
  selectCurrentUser,
  selectIsSignedIn,
  selectNeedsVerification,
  selectSessionChecked,
  selectSessionError,
  sessionCheckFailed,
  sessionCheckRequested,
  sessionReset,
  userLoaded,
  userUpdated,
  type AuthState,
} from '@tsudoi/ui/session';
import { userDto } from './testing';

const view = (auth: AuthState) => ({ auth });

describe('auth slice', () => {
  it('is checked at once without stored tokens, and waits for /auth/me with them', () => {
    const fresh = view(authInitialState(null));
    expect(selectSessionChecked(fresh)).to.equal(true);
    expect(selectIsSignedIn(fresh)).to.equal(false);
    const stored = view(authInitialState({ accessToken: 'a', refreshToken: 'r' }));
    expect(selectSessionChecked(stored)).to.equal(false);
    expect(selectIsSignedIn(stored)).to.equal(true);
    expect(selectCurrentUser(stored)).to.equal(null);
  });

  it('signs in, loads the user and marks the session checked', () => {
    let state = authReducer(authInitialState(null), loginSucceeded({ accessToken: 'a' }));
    expect(selectIsSignedIn(view(state))).to.equal(true);
    expect(selectSessionChecked(view(state))).to.equal(false);
    state = authReducer(state, userLoaded(userDto({ verifiedAt: null })));
    expect(selectSessionChecked(view(state))).to.equal(true);
    expect(selectCurrentUser(view(state))?.email).to.equal('taro@example.com');
    expect(selectNeedsVerification(view(state))).to.equal(true);
    state = authReducer(state, userUpdated(userDto()));
    expect(selectNeedsVerification(view(state))).to.equal(false);
  });

  it('keeps the tokens when /auth/me fails without a 401, and clears the problem on retry', () => {
    let state = authReducer(authInitialState({ accessToken: 'a' }), sessionCheckFailed('Cannot connect'));
    expect(selectSessionChecked(view(state))).to.equal(true);
    expect(selectSessionError(view(state))).to.equal('Cannot connect');
    expect(selectIsSignedIn(view(state))).to.equal(true);
    state = authReducer(state, sessionCheckRequested());
    expect(selectSessionChecked(view(state))).to.equal(false);
    expect(selectSessionError(view(state))).to.equal(null);
  });

  it('forgets token and user on a session reset (spec §4)', () => {
    let state = authReducer(authInitialState({ accessToken: 'a' }), userLoaded(userDto()));
    state = authReducer(state, sessionReset());
    expect(state).to.deep.equal({
      status: 'idle',
      accessToken: null,
      user: null,
      sessionChecked: true,
      sessionError: null,
      signingOut: false,
      notice: null,
    });
  });
});
