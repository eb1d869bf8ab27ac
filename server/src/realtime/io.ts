import type http from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { pickLocale } from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { errorBody, toAppError } from '../http/error-handler';
import { registerSystemHandlers } from './system.socket';
import type { IoServer, IoSocket, SocketAuthenticator } from './types';

export interface RealtimeOptions {
  redisUrl: string | undefined;
  logger: Logger;
  /** The auth-middleware slot (accounts feature). Default: anonymous sockets. */
  authenticate?: SocketAuthenticator;
  /** Feature handlers registered on every authenticated socket. */
  features?: ((socket: IoSocket) => void)[];
}

export interface Realtime {
  io: IoServer;
  close(): Promise<void>;
}

/**
 * Socket.IO on the app's HTTP server. With REDIS_URL the Redis adapter fans
 * events out across several Node processes.
 */
export async function createRealtime(server: http.Server, options: RealtimeOptions): Promise<Realtime> {
  const { logger } = options;
  const io: IoServer = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: ReturnType<typeof createClient>[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => logger.error({ err }, 'redis adapter error'));
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
    logger.info('socket.io redis adapter enabled');
  }

  io.use(async (socket, next) => {
    const query = socket.handshake.query as Record<string, unknown>;
    const lang = typeof query.lang === 'string' ? query.lang : socket.handshake.headers['accept-language'];
    socket.data.locale = pickLocale(lang);
    try {
      await options.authenticate?.(socket);
      next();
    } catch (error) {
      const body = errorBody(toAppError(error, socket.data.locale), socket.data.locale);
      next(Object.assign(new Error(body.message), { data: body }));
    }
  });

  io.on('connection', (socket) => {
    registerSystemHandlers(socket, logger);
    for (const register of options.features ?? []) register(socket);
  });

  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
