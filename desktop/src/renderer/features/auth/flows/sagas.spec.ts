import { expect } from 'chai';
import { describe, it } from 'mocha';
import { MESSAGES } from '@tsudoi/common';
import { ApiError } from '@tsudoi/ui/api';
import { authTestStore, settle, tokenPair, userDto } from '../testing';
import {
  forgotPasswordRequested,
  newPasswordRequested,
  resendVerificationRequested,
  resetTokenCheckRequested,
  signupRequested,
  socialLoginRequested,
  verifyEmailRequested,
} from './slice';

const signupBody = {
  name: 'Taro',
  email: 'taro@example.com',
  password: 'correct-horse',
  passwordConfirmation: 'correct-horse',
  agreeTerms: true,
};
const fail = (status: number, message: string, code?: string, fields?: Record<string, string>) => () => {
  throw new ApiError(message, status, code as never, fields);
};
const toasts = (store: ReturnType<typeof authTestStore>['store']) =>
  store.getState().notifications.map(({ kind, message }) => `${kind}: ${message}`);

describe('auth flow sagas', () => {
  it('signs up, signs in with the answered tokens and shows the server message', async () => {
    const { store, tokens, calls } = authTestStore({
      'POST /auth/signup': () => ({ data: userDto({ verifiedAt: null }), message: 'Link sent.', token: tokenPair(2) }),
      'GET /auth/me': () => ({ data: userDto({ verifiedAt: null }) }),
    });
    store.dispatch(signupRequested(signupBody));
    expect(store.getState().authFlows.signup?.status).to.equal('pending');
    await settle();
    expect(calls[0]).to.deep.equal({ method: 'POST', path: '/auth/signup', body: signupBody });
    expect(store.getState().authFlows.signup).to.deep.equal({ status: 'succeeded', message: 'Link sent.' });
    expect(store.getState().auth.accessToken).to.equal('access-2');
    expect(store.getState().auth.user?.verifiedAt).to.equal(null);
    expect(tokens.value?.refreshToken).to.equal('refresh-2');
    expect(toasts(store)).to.deep.equal(['success: Link sent.']);
  });

  it('puts a taken address on the e-mail field instead of a toast', async () => {
    const { store } = authTestStore({ 'POST /auth/signup': fail(409, 'Email already exists', 'EMAIL_ALREADY_EXISTS') });
    store.dispatch(signupRequested(signupBody));
    await settle();
    expect(store.getState().authFlows.signup).to.deep.include({
      status: 'failed',
      fields: { email: 'Email already exists' },
    });
    expect(toasts(store)).to.deep.equal([]);
    expect(store.getState().auth.accessToken).to.equal(null);
  });

  it('puts the server message of a 400 password-reset request on the e-mail field (spec §5)', async () => {
    const { store, calls } = authTestStore({
      'POST /passwords/reset': fail(400, 'Email does not exist', 'EMAIL_NOT_EXIST'),
    });
    store.dispatch(forgotPasswordRequested('nobody@example.com'));
    await settle();
    expect(calls[0]?.body).to.deep.equal({ email: 'nobody@example.com' });
    expect(store.getState().authFlows.forgotPassword?.fields).to.deep.equal({ email: 'Email does not exist' });
    expect(toasts(store)).to.deep.equal([]);
  });

  it('toasts a reset request that failed for another reason', async () => {
    const { store } = authTestStore({ 'POST /passwords/reset': fail(429, 'Too many requests') });
    store.dispatch(forgotPasswordRequested('taro@example.com'));
    await settle();
    expect(store.getState().authFlows.forgotPassword?.fields).to.equal(undefined);
    expect(toasts(store)).to.deep.equal(['error: Too many requests']);
  });

  it('checks a reset token, then sets the new password', async () => {
    const { store, calls } = authTestStore({
      'POST /passwords/verify': () => ({ data: { valid: true } }),
      'POST /passwords/new': () => ({ data: null, message: 'Password changed.' }),
    });
    store.dispatch(resetTokenCheckRequested('t'.repeat(32)));
    await settle();
    expect(store.getState().authFlows.checkResetToken?.status).to.equal('succeeded');
    const body = { token: 't'.repeat(32), password: 'new-password', passwordConfirmation: 'new-password' };
    store.dispatch(newPasswordRequested(body));
    await settle();
    expect(calls[1]).to.deep.equal({ method: 'POST', path: '/passwords/new', body });
    expect(store.getState().authFlows.newPassword?.status).to.equal('succeeded');
    expect(toasts(store)).to.deep.equal(['success: Password changed.']);
  });

  it('shows an invalid reset token on the screen, not as a toast', async () => {
    const { store } = authTestStore({
      'POST /passwords/verify': fail(400, 'The password reset token is invalid.', 'INVALID_RESET_TOKEN'),
    });
    store.dispatch(resetTokenCheckRequested('bad'));
    await settle();
    expect(store.getState().authFlows.checkResetToken).to.deep.include({
      status: 'failed',
      message: 'The password reset token is invalid.',
    });
    expect(toasts(store)).to.deep.equal([]);
  });

  it('verifies the e-mail and updates the signed-in user', async () => {
    const { store } = authTestStore(
      {
        'GET /auth/me': () => ({ data: userDto({ verifiedAt: null }) }),
        'POST /tokens/verify': () => ({ data: userDto(), message: 'Confirmed.' }),
      },
      { accessToken: 'a', refreshToken: 'r' },
    );
    await settle();
    expect(store.getState().auth.user?.verifiedAt).to.equal(null);
    store.dispatch(verifyEmailRequested('v'.repeat(32)));
    await settle();
    expect(store.getState().authFlows.verifyEmail?.status).to.equal('succeeded');
    expect(store.getState().auth.user?.verifiedAt).to.be.a('string');
  });

  it('keeps the server message of a failed verification for the failure screen', async () => {
    const { store } = authTestStore({ 'POST /tokens/verify': fail(400, 'Invalid or expired URL', 'INVALID_AUTH_URL') });
    store.dispatch(verifyEmailRequested('old'));
    await settle();
    expect(store.getState().authFlows.verifyEmail).to.deep.include({
      status: 'failed',
      message: 'Invalid or expired URL',
    });
  });

  it('resends the verification mail and toasts the answer', async () => {
    const { store } = authTestStore({
      'GET /tokens/resend': () => ({ data: userDto({ verifiedAt: null }), message: 'Link sent.' }),
    });
    store.dispatch(resendVerificationRequested());
    await settle();
    expect(toasts(store)).to.deep.equal(['success: Link sent.']);
  });

  it('exchanges a social ticket for the session', async () => {
    const { store, calls } = authTestStore({
      'POST /auth/login/google': () => ({ user: userDto(), token: tokenPair(3) }),
      'GET /auth/me': () => ({ data: userDto() }),
    });
    store.dispatch(socialLoginRequested({ provider: 'google', ticket: 'k'.repeat(32) }));
    await settle();
    expect(calls[0]?.body).to.deep.equal({ ticket: 'k'.repeat(32) });
    expect(store.getState().auth.accessToken).to.equal('access-3');
    expect(store.getState().authFlows.socialLogin?.status).to.equal('succeeded');
  });

  it('toasts a rejected social ticket and a malformed answer', async () => {
    const { store } = authTestStore({
      'POST /auth/login/facebook': fail(400, 'Invalid or expired URL'),
      'POST /auth/login/google': () => ({ user: userDto(), token: { accessToken: 'only' } }),
    });
    store.dispatch(socialLoginRequested({ provider: 'facebook', ticket: 'x'.repeat(32) }));
    await settle();
    expect(store.getState().authFlows.socialLogin?.status).to.equal('failed');
    store.dispatch(socialLoginRequested({ provider: 'google', ticket: 'y'.repeat(32) }));
    await settle();
    expect(store.getState().authFlows.socialLogin?.status).to.equal('failed');
    expect(store.getState().auth.accessToken).to.equal(null);
    expect(toasts(store)).to.deep.equal([
      'error: Invalid or expired URL',
      `error: ${MESSAGES.en['errors.SOMETHING_WENT_WRONG']}`,
    ]);
  });
});
