import type { ServerToClientEvents } from '@tsudoi/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { IoServer } from '../../realtime/types';
import type { StorageQuota, UploadBudget } from '../uploads';
import type { AuditLog } from '../admin';
import type { ChatCache } from './chat-cache';
import type { MemberVersions } from './member-versions';
import type { ChatFiles } from './chat-files';
import type { MessageWriter } from './message-writer';

/** What every part of the chat shares. */
export interface ChatContext {
  models: Models;
  clock: Clock;
  logger: Logger;
  io(): IoServer | undefined;
  files: ChatFiles;
  /** The per-company storage quota attachments are charged to. */
  quota: StorageQuota;
  /** Each person's uploads of the last 24 hours (a guest's much smaller). */
  budget: UploadBudget;
  /** Where a host's removal of someone's message is written (the admin feature's log). */
  audit: Pick<AuditLog, 'recordAction'>;
  writer: MessageWriter;
  cache: ChatCache;
  /** Bumped by every write of a room or floor conversation's members (member-versions.ts). */
  memberVersions: MemberVersions;
  /** Messages (send and edit) per sender. */
  limiter: RateLimiterAbstract;
}

/** Every chat socket of a user is in this channel; every message event goes to its members' channels. */
export const chatUserChannel = (userId: number) => `chat:user:${userId}`;

/** Emits a chat event to every socket of these users (one emit, Socket.IO dedupes). */
export function emitToUsers<E extends 'chat:messageCreated' | 'chat:messageUpdated' | 'chat:messageSeen'>(
  ctx: ChatContext,
  userIds: Iterable<number>,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): void {
  const io = ctx.io();
  const channels = [...new Set(userIds)].map(chatUserChannel);
  if (!io || channels.length === 0) return;
  (io.to(channels) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
}
