import type { TrustProxy } from '../../http/trust-proxy';
import type { Logger } from '../../lib/logger';
import { AccountLimiter } from './account-limiter';
import { ConnectionCaps } from './connection-caps';
import { HandshakeGate } from './handshake-gate';
import type { SocketLimits } from './limits';
import { LogThrottle } from './log-throttle';
import { RefusalBodies } from './refusals';
import type { LimitStore } from '../../lib/rate-limit';

/** What every socket's guard of one server shares. */
export interface GuardContext {
  limits: SocketLimits;
  /** Who may name a handshake's client address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Refusals, dropped events and floods: a few lines per kind every 10 s, the rest counted. */
  log: LogThrottle;
  bodies: RefusalBodies;
  accounts: AccountLimiter;
  caps: ConnectionCaps;
  handshakes: HandshakeGate;
  /** Sockets disconnected as flooding, by reason, since start. */
  floods: Map<string, number>;
}

/** Log lines per kind of refusal within one window, and the window. */
export const GUARD_LOG = { lines: 5, windowMs: 10_000 };

export function createGuardContext(
  limits: SocketLimits,
  logger: Logger,
  redis?: LimitStore,
  trustProxy: TrustProxy = false,
): GuardContext {
  const log = new LogThrottle(logger, GUARD_LOG);
  const storeFailed = (err: unknown) =>
    log.warn('limitStore', { err }, 'socket limit store failed; the request was let through');
  return {
    limits,
    trustProxy,
    log,
    bodies: new RefusalBodies(),
    accounts: new AccountLimiter(redis, limits.account, storeFailed),
    caps: new ConnectionCaps(),
    handshakes: new HandshakeGate(redis, limits, storeFailed),
    floods: new Map(),
  };
}
