import path from 'node:path';
import type { RedisClientType } from 'redis';
import { CHAT_RATE_LIMIT } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { rateLimiter } from '../../lib/rate-limit';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { Guards } from '../auth/guards';
import { ChatCache } from './chat-cache';
import { ChatFiles } from './chat-files';
import type { ChatContext } from './chat-context';
import { floorAccessChanged } from './chat-membership';
import { chatRoutes } from './chat.routes';
import { registerChatHandlers } from './chat.socket';
import { MessageWriter } from './message-writer';

export { defineChatModels } from './chat.models';

export interface ChatDeps {
  models: Models;
  clock: Clock;
  logger: Logger;
  redis: RedisClientType | undefined;
  guards: Guards;
  dataDir: string;
  /** Verifies guest session tokens on the REST calls. */
  jwtSecret: string;
}

/** The chat: `router` (uploads, attachments, downloads), `register` per socket, `attach(io)` once Socket.IO exists. */
export function createChat({ models, clock, logger, redis, guards, dataDir, jwtSecret }: ChatDeps) {
  let server: IoServer | undefined;
  const ctx: ChatContext = {
    models,
    clock,
    logger,
    io: () => server,
    files: new ChatFiles(path.join(dataDir, 'chat-files')),
    writer: new MessageWriter(models, models.ChatMessage.sequelize!),
    cache: new ChatCache(models),
    limiter: rateLimiter(redis, 'chat_message', CHAT_RATE_LIMIT),
  };
  return {
    router: chatRoutes(ctx, guards, jwtSecret),
    register: (socket: IoSocket) => registerChatHandlers(ctx, logger, socket),
    attach(io: IoServer) {
      server = io;
    },
    /** Who may see a floor changed: those who no longer can leave its floor and Q&A chats. */
    accessChanged(floorId: number) {
      floorAccessChanged(ctx, floorId).catch((err: unknown) =>
        logger.warn({ err, floorId }, 'chat access not updated'),
      );
    },
    /** Resolves once every queued message is written (tests, shutdown). */
    idle: () => ctx.writer.idle(),
  };
}
export type Chat = ReturnType<typeof createChat>;
