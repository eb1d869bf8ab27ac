import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { EMAIL_VERIFICATION_TTL_S, sessionSchema, signupAnswerSchema, type SessionRevoked } from '@tsudoi/common';
import { call, type CallOptions } from '../testing/http';
import type { TestServer } from '../testing/test-server';
import { socketWithToken } from '../features/floors/guests/guests.testing';
import type { Client } from '../features/floors/live/live.testing';

/** Helpers of the account-side abuse suites: real sign-ups, sign-ins and sockets against the real server. */

export const PASSWORD = 'correct-horse-9';

export interface SignedIn {
  userId: number;
  email: string;
  accessToken: string;
  refreshToken: string;
  /** The sign-in's session id (refresh-token family), read from the access token. */
  sid: string;
  headers: { Authorization: string };
}

const signedIn = (email: string, userId: number, token: { accessToken: string; refreshToken: string }) => {
  const claims = jwt.decode(token.accessToken) as { sid: string };
  return {
    userId,
    email,
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    sid: claims.sid,
    headers: { Authorization: `Bearer ${token.accessToken}` },
  } satisfies SignedIn;
};

export const api = (server: TestServer, path: string, options: CallOptions = {}) =>
  call(server.url, `/api${path}`, { lang: 'en', ...options });
export const as = (who: Pick<SignedIn, 'headers'>, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { ...who.headers, ...options.headers },
});

/** POST /auth/signup as a browser would (unverified until `verify`). */
export async function signUp(server: TestServer, email: string, ip = '10.77.0.1'): Promise<SignedIn> {
  const res = await api(server, '/auth/signup', {
    headers: { 'X-Forwarded-For': ip },
    body: { name: email.split('@')[0], email, password: PASSWORD, passwordConfirmation: PASSWORD, agreeTerms: true },
  });
  expect(res.status, res.text).to.equal(201);
  const answer = signupAnswerSchema.parse(res.json);
  return signedIn(email, answer.data.id, answer.token);
}

/** The owner of the address follows a verification link (made here instead of read from the mail). */
export async function verify(server: TestServer, who: SignedIn): Promise<void> {
  const token = await server.features.tokens.createOneTime(who.userId, 'verify_email', EMAIL_VERIFICATION_TTL_S);
  const res = await api(server, '/tokens/verify', { body: { token } });
  expect(res.status, res.text).to.equal(200);
}

/** POST /auth/login: another sign-in (device) of the same account. */
export async function signIn(server: TestServer, email: string, password = PASSWORD, ip = '10.77.0.2') {
  const res = await api(server, '/auth/login', { headers: { 'X-Forwarded-For': ip }, body: { email, password } });
  expect(res.status, res.text).to.equal(200);
  const session = sessionSchema.parse(res.json);
  return signedIn(email, session.user.id, session.token);
}

/** A real socket.io-client socket signed in with the token (no reconnection), closed by `closeAll`. */
export function sockets() {
  const open: Client[] = [];
  return {
    async open(server: TestServer, token: string, lang = 'en'): Promise<Client> {
      const client = await socketWithToken(server, token, lang);
      open.push(client);
      return client;
    },
    closeAll() {
      for (const client of open.splice(0)) client.disconnect();
    },
  };
}

export interface Ending {
  /** The session:revoked payload. */
  revoked: SessionRevoked;
  /** Milliseconds from the start of the action to the disconnect. */
  closedAfterMs: number;
  /** Socket.IO's disconnect reason ('io server disconnect' when the server ended it). */
  reason: string;
}

/**
 * Watches a socket from `started` (performance.now()) until the server ends it:
 * the reason event and the time taken. Fails when the disconnect comes without
 * a `session:revoked` before it, or does not come within `ms`.
 */
export function ending(client: Client, started: () => number, ms = 3000): Promise<Ending> {
  return new Promise((resolve, reject) => {
    let revoked: SessionRevoked | null = null;
    const timer = setTimeout(() => reject(new Error(`socket not ended within ${ms} ms`)), ms);
    client.once('session:revoked', (payload) => {
      revoked = payload;
    });
    client.once('disconnect', (reason) => {
      clearTimeout(timer);
      const closedAfterMs = performance.now() - started();
      if (!revoked) return reject(new Error(`disconnected (${reason}) without session:revoked`));
      resolve({ revoked, closedAfterMs, reason });
    });
  });
}

/** The socket stays open for `ms` (nothing ends it). */
export function staysOpen(client: Client, ms = 400): Promise<boolean> {
  return new Promise((resolve) => {
    const gone = () => resolve(false);
    client.once('disconnect', gone);
    setTimeout(() => {
      client.off('disconnect', gone);
      resolve(client.connected);
    }, ms);
  });
}
