import { z } from 'zod';

/**
 * session:* — the server ends a person's open sockets when their sign-in or
 * their standing changes (features/sessions on the server). `session:revoked`
 * arrives first, in the socket's language, then the server disconnects the
 * socket.
 */
export const SESSION_REVOKED_REASONS = [
  /** Signed out (this sign-in, or everywhere). */
  'signedOut',
  /** The password was reset through an e-mail link: every sign-in ends. */
  'passwordReset',
  /** The password was changed on another device: every other sign-in ends. */
  'passwordChanged',
  /** A platform admin deleted the account. */
  'accountDeleted',
  /** The account's security changed (e.g. its address was proved through a provider): earlier sign-ins end. */
  'securityChange',
  /** A team owner or admin removed the person from the team: still signed in, with no team. */
  'removedFromTeam',
] as const;
export type SessionRevokedReason = (typeof SESSION_REVOKED_REASONS)[number];

export const sessionRevokedSchema = z.object({
  reason: z.enum(SESSION_REVOKED_REASONS),
  message: z.string(),
});
export type SessionRevoked = z.infer<typeof sessionRevokedSchema>;

/** Whether the sign-in is over after this reason (forget the tokens, go to /login); otherwise it stays. */
export const revocationEndsSignIn = (reason: SessionRevokedReason): boolean => reason !== 'removedFromTeam';

/**
 * Something a person should know whatever page they are on (a host told that
 * someone guesses their floor's password): shown as a notification. `id`
 * names the news, so the same one heard on two sockets of a page shows once.
 */
export const sessionNoticeSchema = z.object({
  id: z.string().max(100),
  kind: z.enum(['info', 'warning']),
  message: z.string(),
});
export type SessionNotice = z.infer<typeof sessionNoticeSchema>;

export interface SessionServerEvents {
  /** This socket is about to be disconnected by the server, and why. */
  'session:revoked': (payload: SessionRevoked) => void;
  /** A notice for this account's person (sessionNoticeSchema). */
  'session:notice': (payload: SessionNotice) => void;
}
