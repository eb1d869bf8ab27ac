import jwt from 'jsonwebtoken';
import type { IoServer, IoSocket } from '../types';
import type { GuardContext } from './guard-context';
import { clientAddress, type Cap } from './connection-caps';
import { SocketGuard } from './socket-guard';

const guards = new WeakMap<IoSocket, SocketGuard>();

/** The guard of a connected socket (realtime/on.ts checks every request with it). */
export const guardOf = (socket: IoSocket): SocketGuard | undefined => guards.get(socket);

/** Whose budgets a socket spends (a guest's account is their guest user), or (no account) its own. */
export function accountKey(socket: IoSocket): string {
  const { userId } = socket.data;
  return userId === undefined ? `socket:${socket.id}` : `account:${userId}`;
}

/**
 * The account a handshake's token names, read without checking the token:
 * enough to refuse an account cooling down before the token costs a database
 * lookup (a forged name only gets its presenter refused, and a token that
 * passes the check names the same account).
 */
function claimedAccount(socket: IoSocket): { key: string; guest: boolean } | undefined {
  const token = (socket.handshake.auth as { token?: unknown }).token;
  const claims = typeof token === 'string' ? (jwt.decode(token) as { sub?: unknown; aud?: unknown } | null) : undefined;
  const sub = claims?.sub;
  return typeof sub === 'string' && /^\d+$/.test(sub)
    ? { key: `account:${sub}`, guest: claims?.aud === 'guest' }
    : undefined;
}

/**
 * Before the token is checked (refusals here cost no database lookup): the
 * client address's open-socket cap and handshake budget, and the cooldown of
 * the account the token names. Answers the address's cap.
 */
export async function admitAddress(ctx: GuardContext, socket: IoSocket): Promise<Cap> {
  const address = clientAddress(socket.request, ctx.trustProxy);
  const cap = { key: `address:${address}`, limit: ctx.limits.sockets.perAddress };
  ctx.caps.check([cap]);
  await ctx.handshakes.admitAddress(address);
  const account = claimedAccount(socket);
  if (account) {
    await ctx.handshakes.admitAccount(account.key);
    await ctx.handshakes.admitIdentity(account.key, account.guest, address);
  }
  return cap;
}

/**
 * Once the token is accepted: the socket takes its place under its address
 * and its account (or guest participant), or is refused TOO_MANY_CONNECTIONS.
 * The places are given back when it disconnects, or when its connection
 * closes before it ever connected.
 */
export function claimConnection(ctx: GuardContext, socket: IoSocket, address: Cap): void {
  const { participantId, userId } = socket.data;
  const caps = [address];
  if (participantId) caps.push({ key: `guest:${participantId}`, limit: ctx.limits.sockets.perGuest });
  else if (userId !== undefined) caps.push({ key: `account:${userId}`, limit: ctx.limits.sockets.perAccount });
  const release = ctx.caps.claim(caps);
  socket.conn.once('close', release);
  socket.once('disconnect', release);
}

/** Packets queued in Engine.IO and bytes queued in the WebSocket, not yet sent to the client. */
function backlogOf(socket: IoSocket): { packets: number; bytes: number } {
  const conn = socket.conn as unknown as {
    writeBuffer?: unknown[];
    transport?: { socket?: { bufferedAmount?: number } };
  };
  return { packets: conn.writeBuffer?.length ?? 0, bytes: conn.transport?.socket?.bufferedAmount ?? 0 };
}

/**
 * A new socket's guard; events nobody handles are counted and dropped before Socket.IO looks for a listener
 * (the requests registered with realtime/on never come here: the router before this middleware answers them).
 */
export function guardSocket(ctx: GuardContext, socket: IoSocket): SocketGuard {
  const guard = new SocketGuard(ctx, {
    id: socket.id,
    userId: socket.data.userId,
    accountKey: accountKey(socket),
    locale: () => socket.data.locale ?? 'ja',
    disconnect: () => socket.disconnect(true),
    backlog: () => backlogOf(socket),
  });
  guards.set(socket, guard);
  socket.use(([event], next) => {
    if (socket.listeners(event as never).length > 0) return next();
    guard.unknown(String(event));
  });
  return guard;
}

/**
 * Every `everyMs`, each socket whose unsent backlog passed the limit (a client
 * that stopped reading the floor's events) is disconnected. Answers the stop.
 */
export function sweepBacklogs(io: IoServer, everyMs = 5000): () => void {
  const timer = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) guards.get(socket)?.checkBacklog();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
