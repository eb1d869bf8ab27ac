import path from 'node:path';
import { CHAT_RATE_LIMIT } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { rateLimiter, type LimitStore } from '../../lib/rate-limit';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { Guards } from '../auth/guards';
import type { StorageQuota, UploadBudget, UploadConfig } from '../uploads';
import { ChatCache } from './chat-cache';
import { MemberVersions } from './member-versions';
import { ChatFiles } from './chat-files';
import { chatSweepTasks } from './chat-file-sweep';
import { ChatPlaces } from './chat-places';
import type { PlaceChange } from '../floors/live/presence-batcher';
import type { ChatContext } from './chat-context';
import { floorAccessChanged } from './chat-membership';
import { chatRoutes } from './chat.routes';
import { registerChatHandlers } from './chat.socket';
import { MessageWriter } from './message-writer';
import { postToRoom } from './chat-messages';

export { defineChatModels } from './chat.models';

export interface ChatDeps {
  models: Models;
  clock: Clock;
  logger: Logger;
  redis: LimitStore | undefined;
  guards: Guards;
  dataDir: string;
  /** Verifies guest session tokens on the REST calls. */
  jwtSecret: string;
  quota: StorageQuota;
  budget: UploadBudget;
  audit: ChatContext['audit'];
  /** The attachment size limit and retention. */
  uploads: UploadConfig;
}

/** The chat: `router` (uploads, attachments, downloads), `register` per socket, `attach(io)` once Socket.IO exists. */
export function createChat(deps: ChatDeps) {
  const { models, clock, logger, redis, guards, dataDir, jwtSecret, quota, budget, audit, uploads } = deps;
  let server: IoServer | undefined;
  const ctx: ChatContext = {
    models,
    clock,
    logger,
    io: () => server,
    files: new ChatFiles(path.join(dataDir, 'chat-files'), uploads.chatMaxBytes),
    quota,
    budget,
    audit,
    writer: new MessageWriter(models, models.ChatMessage.sequelize!),
    cache: new ChatCache(models),
    memberVersions: new MemberVersions(redis),
    limiter: rateLimiter(redis, 'chat_message', CHAT_RATE_LIMIT),
  };
  const places = new ChatPlaces(ctx);
  return {
    router: chatRoutes(ctx, guards, jwtSecret),
    /** The attachments' bytes on disk (the platform admin downloads and deletes single files). */
    files: ctx.files,
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
    /** Expired attachments, uploads never sent and orphan files (run by the upload sweeper). */
    sweepTasks: () => chatSweepTasks(ctx, uploads.chatAttachmentTtlDays),
    /** A place change on the live floor (its watcher): room and floor chat membership follow it. */
    placeChanged: (change: PlaceChange) => places.placeChanged(change),
    /** Posts a server-written message (HTML) to a room's chat as `userId` (recording minutes). */
    postToRoom: (roomId: number, userId: number, html: string) => postToRoom(ctx, roomId, userId, html),
    /** Resolves once every queued message is written and every membership change made (tests, shutdown). */
    idle: async () => {
      await places.idle();
      await ctx.writer.idle();
    },
  };
}
export type Chat = ReturnType<typeof createChat>;
