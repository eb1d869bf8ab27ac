import type http from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { LimitStore } from '../lib/rate-limit';
import { pickLocale } from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { errorBody, toAppError } from '../http/error-handler';
import { registerSystemHandlers } from './system.socket';
import { routeRequests } from './on';
import type { IoServer, IoSocket, SocketAuthenticator } from './types';
import { createGuardContext, type GuardContext } from './guard/guard-context';
import { admitAddress, claimConnection, guardSocket, sweepBacklogs } from './guard/install';
import { clientAddress } from './guard/connection-caps';
import type { TrustProxy } from '../http/trust-proxy';
import { FairWebSocketServer } from './guard/fair-ws';
import { installTarpit } from './guard/tarpit';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './guard/limits';

export interface RealtimeOptions {
  redisUrl: string | undefined;
  /** The deployment's Redis namespace (lib/cluster-key): its processes share events, others do not. */
  redisKey?: string;
  logger: Logger;
  /** The auth-middleware slot (accounts feature). Default: anonymous sockets. */
  authenticate?: SocketAuthenticator;
  /** Feature handlers registered on every authenticated socket. */
  features?: ((socket: IoSocket) => void)[];
  /** Abuse limits (default DEFAULT_SOCKET_LIMITS). */
  limits?: SocketLimits;
  /** Who may name a client's address in X-Forwarded-For (TRUST_PROXY; default nobody). */
  trustProxy?: TrustProxy;
  /** The store of the per-account limits shared by every process (the app's Redis client, when there is one). */
  rateLimitStore?: LimitStore;
}

export interface Realtime {
  io: IoServer;
  /** The abuse limits' shared state: caps, counters, the throttled log. */
  guard: GuardContext;
  close(): Promise<void>;
}

/**
 * Socket.IO on the app's HTTP server. With REDIS_URL the Redis adapter fans
 * events out across several Node processes.
 */
export async function createRealtime(server: http.Server, options: RealtimeOptions): Promise<Realtime> {
  const { logger } = options;
  const limits = options.limits ?? DEFAULT_SOCKET_LIMITS;
  const guard = createGuardContext(limits, logger, options.rateLimitStore, options.trustProxy ?? false);
  const io: IoServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    // one message beyond this closes the connection (Socket.IO's default is 1 MB)
    maxHttpBufferSize: limits.maxMessageBytes,
    // one message per socket per event-loop turn: a flooding client cannot hold the loop for a whole read
    wsEngine: FairWebSocketServer,
    allowRequest: (req, answer) => {
      const address = clientAddress(req, guard.trustProxy);
      const dropped = guard.handshakes.dropped(address);
      if (dropped) guard.log.warn('handshake:dropped', { address }, 'socket handshake dropped (address kept retrying)');
      answer(null, !dropped);
    },
  });
  // an address already dropped is held silent and closed before Engine.IO sees it (guard/tarpit.ts)
  const stopTarpit = installTarpit(server, '/socket.io', (req) => {
    const address = clientAddress(req, guard.trustProxy);
    return guard.handshakes.dropped(address) ? address : null;
  });
  const redisClients: ReturnType<typeof createClient>[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => logger.error({ err }, 'redis adapter error'));
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${options.redisKey ?? 'tsudoi'}:socket.io` }));
    logger.info('socket.io redis adapter enabled');
  }

  io.use(async (socket, next) => {
    const query = socket.handshake.query as Record<string, unknown>;
    const lang = typeof query.lang === 'string' ? query.lang : socket.handshake.headers['accept-language'];
    socket.data.locale = pickLocale(lang);
    try {
      const address = await admitAddress(guard, socket);
      await options.authenticate?.(socket);
      claimConnection(guard, socket, address);
      next();
    } catch (error) {
      const appError = toAppError(error, socket.data.locale);
      if (appError.status === 429)
        guard.log.warn(
          `handshake:${appError.code}`,
          { userId: socket.data.userId, code: appError.code },
          'socket handshake refused',
        );
      const body = errorBody(appError, socket.data.locale);
      next(Object.assign(new Error(body.message), { data: body }));
    }
  });
  const stopSweep = sweepBacklogs(io);

  io.on('connection', (socket) => {
    socket.use(routeRequests(socket)); // first: the requests registered with `on` stop here
    guardSocket(guard, socket);
    registerSystemHandlers(socket, logger);
    for (const register of options.features ?? []) register(socket);
  });

  return {
    io,
    guard,
    async close() {
      stopTarpit();
      stopSweep();
      guard.log.flush();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
